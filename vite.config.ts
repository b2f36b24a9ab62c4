import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The front end lives in src/web and builds into dist/web, which the server serves from the same origin.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
