// Backup and restore through the running server: the only way to copy the embedded database while
// the server owns its folder. Administrators only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BackupFormatError, createBackup, parseBackup, restoreBackup } from '../backup/backup.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import type { RouteContext } from './context.ts';

function requireAdmin(request: FastifyRequest) {
  if (request.user?.role !== 'admin') throw new HttpError(403, 'FORBIDDEN', 'Only an administrator can back up or restore the database.');
}

export async function backupRoutes(app: FastifyInstance, { database }: RouteContext) {
  app.get('/backup', async (request, reply) => {
    requireAdmin(request);
    const backup = await createBackup(database.db);
    const stamp = backup.createdAt.replace(/[:.]/g, '-');
    reply.header('content-disposition', `attachment; filename="grafik-backup-${stamp}.json"`);
    return backup;
  });

  app.post('/backup/restore', { bodyLimit: 512 * 1024 * 1024 }, async (request) => {
    requireAdmin(request);
    let backup;
    try {
      backup = parseBackup(request.body);
    } catch (err) {
      if (err instanceof BackupFormatError) throw badRequest(err.message, 'body');
      throw err;
    }
    try {
      return { restored: await restoreBackup(database.db, backup) };
    } catch (err) {
      if (err instanceof BackupFormatError) throw badRequest(err.message, 'body');
      throw err;
    }
  });
}
