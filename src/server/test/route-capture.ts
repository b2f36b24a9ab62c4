// Every route a test's app registers, seen through an onRoute hook on the real Fastify. A test file
// opts in with
//   vi.mock('fastify', async () => (await import('../test/route-capture.ts')).capturingFastify());
// and reads `capturedRoutes` after building its app.
import type { RouteOptions } from 'fastify';
import { vi } from 'vitest';

export const capturedRoutes: RouteOptions[] = [];

export async function capturingFastify() {
  const actual = await vi.importActual<typeof import('fastify')>('fastify');
  const original = actual.default as unknown as (opts?: unknown) => { addHook: (name: string, fn: (r: RouteOptions) => void) => void };
  const wrapped = Object.assign((opts?: unknown) => {
    const app = original(opts);
    app.addHook('onRoute', (route: RouteOptions) => {
      capturedRoutes.push(route);
    });
    return app;
  }, actual.default);
  return { ...actual, default: wrapped, fastify: wrapped };
}

/** Each registered method and URL once, HEAD and OPTIONS left out, sorted. */
export function routeList(filter: (url: string) => boolean = () => true): { method: string; url: string; schema: Record<string, unknown> }[] {
  const seen = new Map<string, { method: string; url: string; schema: Record<string, unknown> }>();
  for (const route of capturedRoutes) {
    if (!filter(route.url)) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${route.url}`;
      if (!seen.has(key)) seen.set(key, { method, url: route.url, schema: (route.schema ?? {}) as Record<string, unknown> });
    }
  }
  return [...seen.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}
