// better-auth speaks the Fetch API: these turn a Fastify request into its Headers and Request.
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from '../security/client-ip.ts';

/** The request's headers, with the client's address from the socket (or a trusted proxy), never from a header it sent. */
export function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const lower = key.toLowerCase();
    if (lower === CLIENT_IP_HEADER || lower === 'x-forwarded-for' || lower === 'x-real-ip') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * A Fetch request for better-auth at `path` (the decoded path the router matched, not the URL as the
 * client spelled it), with the original query string and the parsed body.
 */
export function toFetchRequest(request: FastifyRequest, path: string, baseUrl: string): Request {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const url = new URL(path + query, new URL(baseUrl).origin);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: headersOf(request),
    ...(hasBody ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
  });
}
