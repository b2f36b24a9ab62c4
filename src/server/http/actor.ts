// Who made a request, as the audit log records them: the signed-in account (null without one) and the
// address it came from. Routes pass it to the services that write the audit log.
import type { FastifyRequest } from 'fastify';

export function actorOf(request: Pick<FastifyRequest, 'user' | 'ip'>): { userId: string | null; email: string | null; ipAddress: string } {
  return { userId: request.user?.id ?? null, email: request.user?.email ?? null, ipAddress: request.ip };
}
