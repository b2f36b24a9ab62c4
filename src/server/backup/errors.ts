// Why a backup file was refused. The messages are written for the person restoring: they name
// what is wrong and, where there is one, what to do.

export type BackupErrorCode =
  | 'BAD_BACKUP' // not a Grafik backup, or a damaged or incompatible one
  | 'PASSPHRASE_REQUIRED' // an encrypted backup and no passphrase
  | 'WRONG_PASSPHRASE' // the passphrase does not open it (or the encrypted file was changed)
  | 'WEAK_PASSPHRASE' // a passphrase too weak (or too long) to encrypt a backup with
  | 'PLAIN_SECRETS' // a file that is not encrypted yet says it holds secrets
  | 'BAD_FIELD' // a row with a field the API would refuse (too long, not an email...), named by table, position and column
  | 'BROKEN_ROW'; // a row that breaks a key or a rule of the database (named by table and position)

export class BackupFormatError extends Error {
  readonly code: BackupErrorCode;
  /** What the browser needs to say why in the user's language (a weak passphrase's reason). */
  readonly params: Record<string, unknown> | undefined;
  constructor(message: string, code: BackupErrorCode = 'BAD_BACKUP', params?: Record<string, unknown>) {
    super(message);
    this.name = 'BackupFormatError';
    this.code = code;
    this.params = params;
  }
}

/** More bytes than the limit the caller set (the restore route's BACKUP_MAX_MB). */
export class BackupTooLargeError extends Error {
  readonly limitBytes: number;
  constructor(limitBytes: number) {
    super(`The backup is larger than the limit of ${Math.round(limitBytes / (1024 * 1024))} MB.`);
    this.name = 'BackupTooLargeError';
    this.limitBytes = limitBytes;
  }
}
