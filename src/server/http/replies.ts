// Replies shared by the routes: deletes on a version, and the upsert of an employee's one record per
// day (a shift, an event). A stale version is refused with 409 (docs/design.md#edits-by-several-planners).
import type { FastifyReply } from 'fastify';
import { notFound, staleRecord } from './errors.ts';
import type { DeleteResult } from '../repos/versioned-delete.ts';

/** 204 once the record is removed; 404 naming `what` when there was none; 409 when it changed since. */
export function replyToDelete(reply: FastifyReply, result: DeleteResult, what: string) {
  if (result === 'missing') throw notFound(what);
  if (result === 'stale') throw staleRecord();
  return reply.status(204).send();
}

/** What an upsert of an employee's record of a day came to. */
export type DayUpsertResult<Row> = { kind: 'created'; row: Row } | { kind: 'updated'; row: Row } | { kind: 'employee-missing' } | { kind: 'stale' };

/** 201 with the new record, 200 with the updated one, 404 without the employee, 409 on a stale version. */
export function replyToDayUpsert<Row>(reply: FastifyReply, result: DayUpsertResult<Row>) {
  switch (result.kind) {
    case 'employee-missing':
      throw notFound('Employee');
    case 'stale':
      throw staleRecord();
    case 'created':
      return reply.status(201).send(result.row);
    case 'updated':
      return reply.status(200).send(result.row);
  }
}
