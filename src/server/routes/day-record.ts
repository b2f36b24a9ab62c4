// Replies shared by the routes of an employee's one record per day (a shift, an event): PUT upserts
// it, DELETE /…?employeeId&date removes it. A stale version is refused with 409 (docs/design.md#edits-by-several-planners).
import type { FastifyReply } from 'fastify';
import { notFound, staleRecord } from '../http/errors.ts';

export type DayUpsertResult<Row> =
  | { kind: 'created'; row: Row }
  | { kind: 'updated'; row: Row }
  | { kind: 'employee-missing' }
  | { kind: 'stale' };

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
