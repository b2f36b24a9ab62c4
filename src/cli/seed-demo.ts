// npm run seed:demo: fills the demo airport into an empty database (embedded or PostgreSQL).
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { isDatabaseEmpty, seedDemo } from '../server/demo/seed.ts';
import { runCli } from './run.ts';

runCli(async () => {
  const runtime = await openRuntime(loadEnv());
  try {
    if (!(await isDatabaseEmpty(runtime.database.db))) {
      console.error('The database already has employees; the demo airport is only added to an empty one.');
      return 1;
    }
    const result = await seedDemo(runtime.database.db);
    console.log(`Demo airport added: ${result.employees} employees and ${result.flights} flights this month.`);
  } finally {
    await runtime.database.close();
  }
});
