// The built front end (dist/web), served from the same origin as the API (docs/decisions/0012-first-load.md).
// - Files under assets/ carry a hash of their content in their name, so a browser keeps them for a year
//   without asking again: a new build has new names.
// - Everything else (index.html above all) is revalidated on every use: `no-cache` with an ETag and
//   Last-Modified, so a new build is seen at once and an unchanged page costs a 304.
// - The build writes brotli and gzip copies beside each text file (vite.config.ts); the best one the
//   browser accepts is sent, with `Vary: Accept-Encoding`, and the plain file otherwise.
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The Cache-Control header of one file of the build, by its path inside the web root. */
function cacheControlFor(relativePath: string): string {
  const parts = relativePath.split(/[\\/]/);
  return parts[0] === 'assets' && parts.length > 1 ? IMMUTABLE : REVALIDATE;
}

export async function registerWebAssets(app: FastifyInstance, webRoot: string): Promise<void> {
  const root = path.resolve(webRoot);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own Cache-Control below; ETag and Last-Modified stay on, so a revalidation can answer 304.
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(reply: FastifyReply, filePath: string) {
      reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
    },
  });
}
