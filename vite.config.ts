import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text files worth compressing; below this size a compressed copy saves next to nothing. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 256;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside every text file of the build,
 * once at build time, so the server sends the smallest encoding the browser accepts without compressing
 * on each request (docs/decisions/0012-first-load.md). A copy that is not smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'grafik-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const names = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

// The front end lives in src/web and builds into dist/web, which the server serves from the same origin.
// Screens are split by route (src/web/app/App.tsx); every file but index.html has a hashed name.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the sign-in page runs (the entry and its static imports, "$initial") in one file, and
        // React, the largest part of it, in another (each under the 500 kB warning). Left to itself the
        // bundler cuts these modules into several common chunks by which screens also use them, and
        // every file costs the sign-in page its headers. A screen's own code still arrives with it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules\/(?:react|react-dom|scheduler)\//, priority: 2 },
            { name: 'boot', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
