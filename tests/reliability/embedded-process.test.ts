// The embedded database under real process faults: the server killed with SIGKILL in the middle of a
// generate, and a second process opening the same data folder. Embedded database only (npm test).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { openEmbedded } from '../../src/server/db/client.ts';
import { generationRuns, schedules } from '../../src/server/db/schema.ts';
import { parseMonthKey } from '../../src/shared/month.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, childEnv, freePort, runScript, signIn, startServer, stopServer, type ServerProcess } from './server-process.ts';

const MONTH = DateTime.now().setZone('Europe/Warsaw').toFormat('yyyy-MM');
/** Kill rounds; CI runs one (kill at the first write of the run), KILL_ROUNDS=n runs more with other timings. */
const ROUNDS = Math.max(1, Number(process.env.KILL_ROUNDS ?? 1));

interface Shift {
  id: string;
  employeeId: string;
  date: string;
  startTime: string;
  endTime: string;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded database: killed server, second process', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let port: number;
  let server: ServerProcess | null = null;
  const notes: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grafik-kill-'));
    port = await freePort();
    env = childEnv({
      DATA_DIR: dir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DEMO_DATA: 'on',
      AUTH_SECRET: 'reliability-secret-reliability-secret-0123',
    });
    server = await startServer(env, port);
  });
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (notes.length) console.log(notes.join('\n'));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function rampaShifts(client: Awaited<ReturnType<typeof signIn>>): Promise<Shift[]> {
    const res = await client.get(`/api/month?month=${MONTH}`);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { groups: { name: string; employees: { id: string }[] }[]; schedules: Shift[] };
    const ids = new Set(data.groups.find((g) => g.name === 'Rampa')!.employees.map((e) => e.id));
    return data.schedules
      .filter((s) => ids.has(s.employeeId))
      .map(({ id, employeeId, date, startTime, endTime }) => ({ id, employeeId, date, startTime, endTime }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  it('a second process (seed:demo) on the same data folder is refused with a clear message, and changes nothing', async () => {
    const client = await signIn(server!.baseUrl);
    const before = await (await client.get(`/api/month?month=${MONTH}`)).text();
    const result = await runScript('src/cli/seed-demo.ts', env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`The data folder ${dir} is already in use by another Grafik process`);
    expect(result.stderr).toContain('Only one process may own the embedded database at a time');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await (await client.get(`/api/month?month=${MONTH}`)).text()).toBe(before);
    // The server still owns the folder and writes normally.
    const save = await client.send('PUT', '/api/settings', { ...(await (await client.get('/api/settings')).json()), id: undefined });
    expect(save.status).toBe(200);
  });

  for (let round = 1; round <= ROUNDS; round++) {
    it(`SIGKILL mid-generate (round ${round}): after a restart the month is the old one or the new one, never a mix`, async () => {
      const client = await signIn(server!.baseUrl);
      const seedA = 100 + round;
      const startedA = Date.now();
      const a = await client.send('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: seedA });
      const runAms = Date.now() - startedA;
      expect(a.status).toBe(200);
      const runA = (await a.json()) as { runId: string; shiftCount: number };
      const rowsA = await rampaShifts(client);
      expect(rowsA).toHaveLength(runA.shiftCount);

      // Run B: killed either at its first write to the database's log (inside the transaction that
      // replaces the month) or, in later rounds, part-way through the generator's search.
      const walDir = path.join(dir, 'pg', 'pg_wal');
      const walStamp = () => Math.max(...fs.readdirSync(walDir).map((f) => fs.statSync(path.join(walDir, f)).mtimeMs));
      const stamp0 = walStamp();
      const seedB = 200 + round;
      const killAfterMs = round === 1 ? Infinity : Math.round(runAms * (round % 2 === 0 ? 0.5 : 0.9));
      const startedB = Date.now();
      const pending = client.send('POST', '/api/generation', { role: 'Rampa', month: MONTH, seed: seedB }).catch((e: Error) => e);
      let trigger = 'deadline';
      while (Date.now() - startedB < Math.min(killAfterMs, runAms * 3)) {
        if (round === 1 && walStamp() !== stamp0) {
          trigger = 'first log write';
          break;
        }
        await new Promise((r) => setImmediate(r));
      }
      server!.child.kill('SIGKILL');
      const killedAt = Date.now() - startedB;
      const answer = await pending;
      expect(answer instanceof Error || answer.status === 200).toBe(true);
      await server!.exited;

      // Restart on the same folder: the killed process's lock is taken over at once (its owner is
      // gone), so the first attempt starts.
      const restartStarted = Date.now();
      server = await startServer(env, port);
      const restartMs = Date.now() - restartStarted;
      const after = await rampaShifts(await signIn(server!.baseUrl));

      // Stop cleanly, then open the folder here: it opens, and the runs table tells what committed.
      await stopServer(server!);
      server = null;
      const database = await openEmbedded(dir);
      let outcome: string;
      try {
        const { month: m0, year } = parseMonthKey(MONTH);
        const runs = await database.db
          .select()
          .from(generationRuns)
          .where(and(eq(generationRuns.role, 'Rampa'), eq(generationRuns.month, m0), eq(generationRuns.year, year)));
        const runB = runs.find((r) => r.seed === seedB);
        const idsA = new Set(rowsA.map((r) => r.id));
        if (!runB) {
          // B never committed: exactly the old month, row for row.
          expect(after).toEqual(rowsA);
          outcome = 'old month (run B not committed)';
        } else {
          // B committed: a complete new month, none of A's rows left, one shift per employee and day.
          expect(after).toHaveLength(runB.shiftCount);
          expect(after.filter((r) => idsA.has(r.id))).toEqual([]);
          expect(new Set(after.map((r) => `${r.employeeId}|${r.date}`)).size).toBe(after.length);
          outcome = 'new month (run B committed)';
        }
        const stored = await database.db.select({ id: schedules.id }).from(schedules);
        expect(stored.length).toBeGreaterThanOrEqual(after.length);
      } finally {
        await database.close();
      }
      let cleanStart = '';
      if (round < ROUNDS) {
        const t0 = Date.now();
        server = await startServer(env, port);
        cleanStart = `; a start after a clean stop took ${Date.now() - t0} ms`;
      }
      notes.push(
        `round ${round}: run A ${runAms} ms; killed run B after ${killedAt} ms (${trigger}); ` +
          `restarted, listening after ${restartMs} ms; outcome: ${outcome}${cleanStart}`,
      );
    }, 120_000);
  }
});
