// The coverage of a month is worked out in a worker thread, with the same answer as on the request's
// thread, and on the request's thread when the worker cannot take it.
import { afterEach, describe, expect, it } from 'vitest';
import { baseInstance, shift } from '../../engine/testing.ts';
import { coverageInThread, createCoverageRunner, type CoverageRunner } from './coverage-runner.ts';

const flight = (time: string, date: string, requiredStaff: number) => ({ flightNumber: `LO${time.replace(':', '')}`, departureTime: `${date}T${time}:00+01:00`, arrivalTime: null, requiredStaff });
const instance = baseInstance({ flights: [flight('10:00', '2026-11-02', 2), flight('18:00', '2026-11-03', 1)] });
const shifts = [shift('e1', '2026-11-02', '06:00', '14:00'), shift('e2', '2026-11-03', '12:00', '20:00')];

describe('the coverage runner', () => {
  let runner: CoverageRunner | undefined;
  afterEach(() => runner?.close());

  it('answers in its worker thread what the request thread would, one short flight and why', async () => {
    runner = createCoverageRunner();
    const [inWorker, again] = await Promise.all([runner.run(instance, shifts), runner.run(instance, shifts)]);
    expect(inWorker).toEqual(await coverageInThread(instance, shifts));
    expect(again).toEqual(inWorker);
    expect(inWorker.flights.map((f) => [f.flightNumber, f.status, f.reason])).toEqual([
      ['LO1000', 'short', 'unplanned'],
      ['LO1800', 'staffed', null],
    ]);
    expect(runner.counts).toEqual({ inWorker: 2, inThread: 0 });
  });

  it('works a month out on the request thread, saying why, when the worker cannot take it', async () => {
    const logged: string[] = [];
    runner = createCoverageRunner({ log: (message) => logged.push(message) });
    // A value that cannot cross to a thread: the message is refused before the worker sees it.
    const odd = { ...instance, note: () => 'not sent' };
    const answer = await runner.run(odd, shifts);
    expect(answer).toEqual(await coverageInThread(instance, shifts));
    expect(runner.counts).toEqual({ inWorker: 0, inThread: 1 });
    expect(logged).toEqual([expect.stringMatching(/^coverage worker failed, worked out on the request's thread instead: /)]);
    // The next month goes to the worker again.
    await runner.run(instance, shifts);
    expect(runner.counts).toEqual({ inWorker: 1, inThread: 1 });
  });
});
