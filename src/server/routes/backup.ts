// Backup and restore through the running server: the only way to copy the embedded database while
// the server owns its folder. Administrators only, checked on onRequest, before any body is read.
//
//   GET  /api/backup                 a backup without secrets (JSON)
//   POST /api/backup                 { withSecrets?: boolean, passphrase?: string }: with a passphrase
//                                    the file is encrypted; secrets need one (never in an address)
//   POST /api/backup/restore         the file as the body, streamed (at most BACKUP_MAX_MB); an
//                                    encrypted one with its passphrase in X-Backup-Passphrase
//                                    (percent-encoded UTF-8, as encodeURIComponent writes it)
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupAuditDetail, createBackup, restoreFile, restoreSummary, type Backup } from '../backup/backup.ts';
import { encryptBackup } from '../backup/encryption.ts';
import { BackupFormatError, BackupTooLargeError } from '../backup/errors.ts';
import { backupText, limitBytes, readBackupFile } from '../backup/file.ts';
import { backupMaxMb } from '../env.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { writeAudit } from '../repos/audit.ts';
import type { RouteContext } from './context.ts';

const PASSPHRASE_HEADER = 'x-backup-passphrase';
const ADMIN_ONLY = 'Only an administrator can back up or restore the database.';

const backupBodySchema = z.strictObject({
  withSecrets: z.boolean().default(false),
  passphrase: z.string().optional(),
});

/** A backup's HTTP status and code for each way a file can be refused. */
function asHttp(err: unknown, maxBytes: number): unknown {
  if (err instanceof BackupTooLargeError) return tooLarge(maxBytes);
  if (!(err instanceof BackupFormatError)) return err;
  switch (err.code) {
    case 'PASSPHRASE_REQUIRED':
      return new HttpError(400, err.code, `${err.message} Send it in the X-Backup-Passphrase header.`);
    case 'WRONG_PASSPHRASE':
    case 'WEAK_PASSPHRASE':
      return new HttpError(400, err.code, err.message, 'passphrase', err.params);
    case 'PLAIN_SECRETS':
    case 'BROKEN_ROW':
    case 'BAD_FIELD':
      return new HttpError(400, err.code, err.message, 'body', err.params);
    default:
      return badRequest(err.message, 'body');
  }
}

function tooLarge(maxBytes: number) {
  return new HttpError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The backup is too large: this server restores files of at most ${maxBytes / (1024 * 1024)} MB (BACKUP_MAX_MB). Restore a larger one from the command line with the server stopped.`,
  );
}

function passphraseOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[PASSPHRASE_HEADER];
  if (raw === undefined || raw === '') return undefined;
  try {
    return decodeURIComponent(Array.isArray(raw) ? raw[0]! : raw);
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'X-Backup-Passphrase: not valid percent-encoded UTF-8 (encode it as encodeURIComponent does).', 'passphrase');
  }
}

/** The request body's stream, handed over by this scope's content-type parser instead of being parsed. */
const uploads = new WeakMap<FastifyRequest, Readable>();

export async function backupRoutes(app: FastifyInstance, { database }: RouteContext) {
  const db = database.db;
  const maxBytes = backupMaxMb() * 1024 * 1024;

  async function send(request: FastifyRequest, reply: FastifyReply, backup: Backup, passphrase: string | undefined) {
    const stamp = backup.createdAt.replace(/[:.]/g, '-');
    const body = passphrase
      ? await encryptBackup(backupText(backup), passphrase, backup).catch((err: unknown) => {
          throw asHttp(err, maxBytes);
        })
      : backupText(backup);
    await writeAudit(db, {
      action: 'admin.backup-created',
      userId: request.user?.id ?? null,
      email: request.user?.email ?? null,
      ipAddress: request.ip,
      detail: { via: 'web', ...backupAuditDetail(backup, passphrase !== undefined) },
    });
    reply.header('content-disposition', `attachment; filename="grafik-backup-${stamp}.${passphrase ? 'enc' : 'json'}"`);
    reply.type(passphrase ? 'application/octet-stream' : 'application/json; charset=utf-8');
    return reply.send(Readable.from(body));
  }

  app.get('/backup', { config: { audience: 'admin', forbidden: ADMIN_ONLY } }, async (request, reply) => {
    if (request.query && typeof request.query === 'object' && Object.keys(request.query).length > 0) {
      throw badRequest(
        'A backup with secrets is made with POST /api/backup and { "withSecrets": true, "passphrase": "…" } in the body: a passphrase never goes in an address. GET /api/backup takes no options.',
      );
    }
    return send(request, reply, await createBackup(db), undefined);
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/backup', { config: { audience: 'admin', forbidden: ADMIN_ONLY }, schema: { body: backupBodySchema } }, async (request, reply) => {
      const { withSecrets, passphrase } = request.body;
      if (withSecrets && passphrase === undefined) {
        throw new HttpError(
          400,
          'BAD_REQUEST',
          'passphrase: a backup with secrets is encrypted, so it needs a passphrase (at least 16 characters).',
          'passphrase',
        );
      }
      return send(request, reply, await createBackup(db, { withSecrets }), passphrase);
    });

  // The restore reads its body itself, as a stream: its own scope takes every content type unparsed.
  await app.register(async (restore) => {
    restore.removeAllContentTypeParsers();
    restore.addContentTypeParser('*', (request: FastifyRequest, payload: Readable, done: (err: Error | null, body?: unknown) => void) => {
      uploads.set(request, payload);
      done(null, undefined);
    });
    // An answer given before the whole upload was read (a refusal, or a file found wrong early) closes
    // the connection: otherwise the rest of the upload would be taken for the client's next request.
    restore.addHook('onSend', async (request, reply) => {
      if (!uploads.get(request)?.readableEnded) reply.header('connection', 'close');
    });

    restore.post('/backup/restore', { config: { audience: 'admin', forbidden: ADMIN_ONLY } }, async (request) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
      const upload = uploads.get(request);
      if (!upload) throw badRequest('body: send the backup file as the request body.', 'body');
      const passphrase = passphraseOf(request);
      let file;
      try {
        // Leaving the body unread on a refusal must not destroy the request: the answer still goes out.
        file = await readBackupFile(limitBytes(upload.iterator({ destroyOnReturn: false }), maxBytes), { passphrase });
      } catch (err) {
        throw asHttp(err, maxBytes);
      }
      try {
        const report = await restoreFile(db, file, {
          audit: {
            action: 'admin.backup-restored',
            userId: request.user?.id ?? null,
            email: request.user?.email ?? null,
            ipAddress: request.ip,
            detail: { via: 'web' },
          },
        });
        return { ...report, signedOut: true, message: restoreSummary(report).join(' ') };
      } catch (err) {
        throw asHttp(err, maxBytes);
      } finally {
        await file.close();
      }
    });
  });
}
