// Runs a command-line entry point: clear one-line errors instead of stack traces for known failures.
// Anything else is printed as the log would show it (log-redaction.ts): a failed query's values
// (emails, names, password hashes) never reach the terminal or whatever collects its output.
import { DataFolderLockedError, DiskFullError } from '../server/db/client.ts';
import { serializeError } from '../server/http/log-redaction.ts';

export function runCli(main: () => Promise<void | number>): void {
  main().then(
    (code) => {
      if (typeof code === 'number') process.exitCode = code;
    },
    (err: unknown) => {
      if (err instanceof DataFolderLockedError || err instanceof DiskFullError || (err instanceof Error && err.message.startsWith('Invalid environment'))) {
        console.error(`\n${err.message}\n`);
      } else if (err instanceof Error && (err as { code?: string }).code === 'ECONNREFUSED') {
        console.error(`\nCannot reach PostgreSQL at DATABASE_URL: ${err.message}\n`);
      } else {
        console.error(describeError(err));
      }
      // Exit now: an embedded database that failed to start can keep the process alive for good.
      process.exit(1);
    },
  );
}

/** An unexpected error as text: type, message and the database's code, constraint and table, then the stack. */
export function describeError(err: unknown): string {
  const e = serializeError(err);
  const lines: string[] = [];
  for (let entry: typeof e | undefined = e, depth = 0; entry; entry = entry.cause, depth++) {
    // The top entry repeats its cause's database fields (serializeError hoists them): said once.
    const own = !(entry.cause && entry.cause.code === entry.code);
    const where = [
      own && entry.code && `code ${entry.code}`,
      own && entry.constraint && `constraint ${entry.constraint}`,
      own && entry.table && `table ${entry.table}`,
      own && entry.column && `column ${entry.column}`,
      entry.query && `query: ${entry.query}`,
    ].filter(Boolean);
    lines.push(`${depth > 0 ? 'Caused by: ' : ''}${entry.type}: ${entry.message}${where.length ? ` (${where.join('; ')})` : ''}`);
    if (entry.stack) lines.push(entry.stack);
  }
  return lines.join('\n');
}
