// Replies shared by the routes' deletes.
import type { FastifyReply } from 'fastify';
import { notFound, staleRecord } from './errors.ts';
import type { DeleteResult } from '../repos/versioned-delete.ts';

/** 204 once the record is removed; 404 naming `what` when there was none; 409 when it changed since. */
export function replyToDelete(reply: FastifyReply, result: DeleteResult, what: string) {
  if (result === 'missing') throw notFound(what);
  if (result === 'stale') throw staleRecord();
  return reply.status(204).send();
}
