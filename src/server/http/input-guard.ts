// Text with a NUL character (U+0000) cannot be stored by PostgreSQL: it answered 500 for any such
// value that reached a query (and the embedded database may cut the text at it). Every request's
// body, query and route parameters are checked before validation; the refusal names the field.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from './errors.ts';

const NUL = '\u0000';

/** The path of the first string (value or key) holding a NUL character, or null. Iterative: bodies may nest deeply. */
function findNul(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path || 'body';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return at.replaceAll(NUL, '\\0');
        stack.push([item, at]);
      }
    }
  }
  return null;
}

export async function refuseNulCharacters(request: FastifyRequest, reply: FastifyReply) {
  const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body);
  if (field === null) return;
  const body: ErrorBody = {
    code: 'BAD_REQUEST',
    message: `${field}: must not contain the NUL character (U+0000)`,
    field,
    requestId: String(request.id),
  };
  return reply.status(400).send(body);
}
