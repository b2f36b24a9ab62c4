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
// `vite build --ssr server-entry.tsx` builds the server's drawing of the first screen into dist/ssr
// (src/web/server-entry.tsx, docs/decisions/0025-first-screen-drawn-by-the-server.md), libraries included so
// that it runs from any folder; nothing of it is served.
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root: 'src/web',
        plugins: [react()],
        ssr: { noExternal: true },
        // React's production build, whatever NODE_ENV the server runs with: bundled, React picks its build by
        // process.env.NODE_ENV at run time, and its development build drew the first screen several times slower.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: '../../dist/ssr',
          emptyOutDir: true,
          copyPublicDir: false,
          // One file of about 750 kB that the server reads from disk; no browser downloads it, so the warning
          // about large downloads (500 kB) does not apply. The browser's build keeps the default limit.
          chunkSizeWarningLimit: 2_000,
          rolldownOptions: {
            // The server's drawing imports the dashboard directly (it draws it at once), while the app's routes load
            // the same screen lazily for the browser. In this one server file nothing is split, so the notice that
            // the lazy import "will not move the module into another chunk" says nothing to act on; the browser's
            // build, where a lazy import matters, still reports it.
            onLog(level, log, handler) {
              if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
              handler(level, log);
            },
          },
        },
      }
    : {
        root: 'src/web',
        plugins: [react(), precompress()],
        build: {
          outDir: '../../dist/web',
          // The spreadsheet reader (exceljs, about 930 kB) is its own file, fetched only when a planner chooses an
          // XLSX file to import; every file of the first load stays far below this (bench:load-size counts them).
          chunkSizeWarningLimit: 1_000,
          // Which built files each source file became: the server names the first screen's in the page (src/server/http/first-screen.ts).
          manifest: true,
          emptyOutDir: true,
          rolldownOptions: {
            output: {
              // Fewer, larger files (docs/decisions/0012-first-load.md): left to itself the bundler cuts the code
              // into a common chunk per set of screens sharing it (40 files for the dashboard), and every file
              // costs its headers (about 0.9 kB with the security headers). Bytes measured by bench:load-size.
              codeSplitting: {
                groups: [
                  // What the sign-in page runs (the entry and its static imports), in one file; React, the
                  // largest part of it, in another, so that each stays under the 500 kB warning.
                  { name: 'react', test: /node_modules\/(?:react|react-dom|scheduler)\//, priority: 2 },
                  { name: 'boot', tags: ['$initial'], priority: 1 },
                  // better-auth's client, fetched with the first sign-in or account action (src/web/lib/auth-client.ts):
                  // its own file, not folded into the screens' shared code, so that signing in fetches only it.
                  {
                    name: 'auth-client',
                    test: /\/node_modules\/(?:better-auth|@better-auth|@better-fetch|better-call|nanostores|defu|jose|@noble)\/|\/src\/web\/lib\/better-auth-client\.ts$/,
                    priority: 1,
                  },
                  // The sentences of a labour rule and of what stands in a swap's way, which the employee's swaps
                  // section shares with the planners' screens: in the screens' shared file they would bring all of
                  // it (about 95 kB compressed) to an employee's phone.
                  { name: 'sentences', test: /\/src\/web\/ui\/(?:swap-problems|sentences|dates|numbers)\.ts$/, priority: 1 },
                  // zod with the line that sets its no-eval mode (src/web/lib/zod-config.ts): every module that
                  // builds a schema imports this file, so the mode is set before any schema is built.
                  { name: 'zod', test: /\/node_modules\/zod\/|\/src\/web\/lib\/zod-config\.ts$/, priority: 1 },
                  // Code three or more lazy files share (Mantine's components, luxon, the API's schemas), in one file; the
                  // screens' own code and texts, and CSV parsing (flights and a dashboard export), stay apart.
                  // Not the number input (with its formatting library), which only forms use: the dashboard opens none at first.
                  {
                    name: 'screens',
                    minShareCount: 3,
                    test: (id: string) =>
                      !id.endsWith('/i18n.ts') && !/\/node_modules\/(?:papaparse|react-number-format)\/|\/components\/NumberInput\//.test(id),
                    priority: 0,
                  },
                  // The app's own shared pieces and icons, even when only two screens use them.
                  // Not the file reader of the import dialogs (flights, staff) with its CSV parser, nor the time-off
                  // editor: the dashboard opens that one on a click, and never needs the others.
                  {
                    name: 'screens',
                    minShareCount: 2,
                    test: (id: string) =>
                      /\/src\/web\/(?:ui|lib)\/|\/node_modules\/@tabler\/icons-react\//.test(id) &&
                      !/\/src\/web\/lib\/table-file[.-]|\/src\/web\/ui\/time-off\//.test(id),
                    priority: 0,
                  },
                  // The texts of the shared modals and strips (time off, coverage), which the dashboard needs both of.
                  { name: 'shared-texts', test: /\/src\/web\/ui\/[^/]+\/i18n\.ts$/, priority: 0 },
                ],
              },
            },
          },
        },
        server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
      },
);
