// npm run export-instance -- --role Rampa --month 2026-11 --output month.json
// Writes one staff group's month from the app's database as a generator instance file
// (docs/generator-format.md), so a real month can be replayed with `npm run generate` outside the app.
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { loadInstance } from '../server/generation/instance.ts';
import { monthProblem } from '../shared/api/dates.ts';
import { writeJsonFileAtomically } from './generate.ts';
import { options } from './args.ts';
import { runCli } from './run.ts';
import { redactLogText } from '../server/http/log-redaction.ts';

runCli(async () => {
  const args = options({ role: { type: 'string' }, month: { type: 'string' }, output: { type: 'string' }, 'keep-manual': { type: 'boolean' } });
  if (!args.role || !args.month || !args.output) {
    console.error('Usage: npm run export-instance -- --role <group> --month YYYY-MM --output month.json [--keep-manual]');
    return 2;
  }
  const problem = monthProblem(args.month);
  if (problem) {
    console.error(`--month: ${problem} ("${args.month}")`);
    return 2;
  }
  const runtime = await openRuntime(loadEnv());
  try {
    const { instance } = await loadInstance(runtime.database.db, args.role, args.month, { keepManual: Boolean(args['keep-manual']) });
    writeJsonFileAtomically(args.output, instance);
    console.log(
      `Wrote ${args.output}: ${instance.employees.length} employees, ${instance.flights.length} flights, ` +
        `${instance.airportHours.length} days of operating hours, ${instance.fixedShifts.length} fixed shifts.`,
    );
  } catch (err) {
    console.error(redactLogText(err instanceof Error ? err.message : String(err)));
    return 1;
  } finally {
    await runtime.database.close();
  }
});
