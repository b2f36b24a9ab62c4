// npm run seed:demo: fills the demo airport into an empty database (embedded or PostgreSQL).
// `-- --around-the-clock` opens the ramp group 00:00–24:00 every day (docs/night-operations.md).
import { loadEnv } from '../server/env.ts';
import { openRuntime } from '../server/runtime.ts';
import { isDatabaseEmpty, seedDemo } from '../server/demo/seed.ts';
import { runCli } from './run.ts';
import { options } from './args.ts';

runCli(async () => {
  const flags = options({ 'around-the-clock': { type: 'boolean' } });
  const runtime = await openRuntime(loadEnv());
  try {
    if (!(await isDatabaseEmpty(runtime.database.db))) {
      console.error('The database already has employees; the demo airport is only added to an empty one.');
      return 1;
    }
    const aroundTheClock = flags['around-the-clock'] === true;
    const result = await seedDemo(runtime.database.db, undefined, { aroundTheClock });
    const ramp = aroundTheClock ? ' The ramp group is open around the clock.' : '';
    console.log(`Demo airport added: ${result.employees} employees and ${result.flights} flights this month.${ramp}`);
  } finally {
    await runtime.database.close();
  }
});
