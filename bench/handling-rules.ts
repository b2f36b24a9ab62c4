// How long resolving a big month takes (docs/decisions/0044-demand-from-handling-rules.md): 3500 flights,
// 50 rules and the three demo flight groups through workResolver, as the instance and the flights list
// do once per request. Prints the time of five rounds; the target is under 200 ms.
import { handlingRuleSchema, typeNameSchema, workResolver, type HandlingRule } from '../src/shared/api/handling-rules.ts';
import { DateTime } from 'luxon';
const types = ['B738', 'B737', 'A320', 'A319', 'CRJ2', 'CRJ7', 'E145', 'MD83', 'B733', 'B735', 'AT76', 'DH8D'];
const rules: HandlingRule[] = [];
for (let i = 0; i < 50; i++) {
  const t = types[i % types.length];
  rules.push(
    handlingRuleSchema.parse({
      aircraftType: i < 36 ? t : i < 45 ? ['size:narrow', 'size:small', 'size:wide'][i % 3] : '*',
      prefix: i >= 12 && i < 36 ? ['LO', 'FR', 'W6', 'OO'][i % 4] + (i >= 24 ? String(i % 10) : '') : null,
      movement: i % 5 === 0 ? 'departure' : null,
      tasks: [
        { name: 'loading', group: 'Rampa', staff: 4, anchor: 'departure', startOffset: -35, endOffset: -10 },
        { name: 'pushback', group: 'Rampa', staff: 1, qualification: 'PUSHBACK', anchor: 'departure', startOffset: -10, endOffset: 5 },
        { name: 'check-in', group: 'PAX/INFO', staff: 2, anchor: 'departure', startOffset: -120, endOffset: -45 },
        { name: 'boarding', group: 'PAX/INFO', staff: 2, anchor: 'departure', startOffset: -40, endOffset: -10 },
      ],
    }),
  );
}
const names = [
  ['BOEING 737-8*', 'B738'],
  ['BOEING 737-7*', 'B737'],
  ['AIRBUS A320*', 'A320'],
  ['BOMBARDIER INC CL-600-2B19', 'CRJ2'],
].map(([written, aircraftType]) => typeNameSchema.parse({ written, aircraftType }));
const written = ['BOEING 737-8AS', 'BOEING 737-7H4', 'AIRBUS A320-211', 'BOMBARDIER INC CL-600-2B19', 'E145', '738', 'AT76', 'DH8D'];
const start = DateTime.fromISO('2026-12-01T05:00', { zone: 'Europe/Warsaw' });
const flights = Array.from({ length: 3500 }, (_, i) => ({
  flightNumber: ['LO', 'FR', 'W6', 'OO', 'UA'][i % 5] + String(100 + i),
  departureTime: start.plus({ minutes: i * 12 }).toISO()!,
  arrivalTime: null,
  aircraftType: written[i % written.length]!,
  movement: 'departure' as const,
}));
for (let round = 0; round < 5; round++) {
  const one = performance.now();
  const rampa = workResolver(rules, names, 'Europe/Warsaw');
  for (const f of flights) rampa(f, 'Rampa');
  const oneGroup = performance.now() - one;
  const t0 = performance.now();
  const workOf = workResolver(rules, names, 'Europe/Warsaw');
  let tasks = 0;
  for (const f of flights)
    for (const g of ['Koordynator', 'Rampa', 'PAX/INFO']) {
      const w = workOf(f, g);
      if (w.kind === 'rule') tasks += w.tasks.length;
    }
  console.log(
    `round ${round}: ${(performance.now() - t0).toFixed(1)} ms for ${flights.length} flights × 3 groups (the flights list), ${oneGroup.toFixed(1)} ms for one group (an instance); ${rules.length} rules, ${tasks} tasks`,
  );
}
