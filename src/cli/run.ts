// Runs a command-line entry point: clear one-line errors instead of stack traces for known failures.
import { DataFolderLockedError } from '../server/db/client.ts';

export function runCli(main: () => Promise<void | number>): void {
  main().then(
    (code) => {
      if (typeof code === 'number') process.exitCode = code;
    },
    (err: unknown) => {
      if (err instanceof DataFolderLockedError || (err instanceof Error && err.message.startsWith('Invalid environment'))) {
        console.error(`\n${err.message}\n`);
      } else if (err instanceof Error && (err as { code?: string }).code === 'ECONNREFUSED') {
        console.error(`\nCannot reach PostgreSQL at DATABASE_URL: ${err.message}\n`);
      } else {
        console.error(err);
      }
      process.exitCode = 1;
    },
  );
}
