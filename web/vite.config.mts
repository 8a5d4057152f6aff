import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.mts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The web app imports src/shared (money formatting) from the server's tree, one level above its root.
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const apiServer = 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    fs: { allow: [repositoryRoot] },
    proxy: {
      '/api': apiServer,
      '/events': apiServer,
      '/healthz': apiServer,
      '/readyz': apiServer,
      '/images': apiServer,
    },
  },
});
