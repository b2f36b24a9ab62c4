// Runs a command with TEST_DATABASE_URL set (default: the local PostgreSQL's `test` database),
// after checking that PostgreSQL answers, with a clear message when it does not.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
} catch (err) {
  console.error(`\nPostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${err.message}`);
  console.error('Start it (or set TEST_DATABASE_URL), then run the PostgreSQL suite again.\n');
  process.exit(1);
}
const [cmd, ...args] = process.argv.slice(2);
const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url }, shell: false });
process.exit(result.status ?? 1);
