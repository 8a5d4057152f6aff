import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.mts';
import { trimBootstrapCss } from './trim-css.mts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// The web app imports src/shared (money formatting) from the server's tree, one level above its root.
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const apiServer = 'http://localhost:3000';

/**
 * react-router's package points every bundler at its development build (warnings and checks included); its
 * production build is beside it. Built for production, the menu page's script is some 10 KB (gzip) lighter.
 */
const reactRouterProduction = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ mode }) => ({
  root: webRoot,
  plugins: [react(), trimBootstrapCss(), precompress()],
  // Every page's scripts run by the nonce the server puts here per answer (src/http/script-inventory.ts). The
  // value is src/shared/csp-nonce.ts's CSP_NONCE_PLACEHOLDER, written out: Vite's config loader warns about
  // importing a TypeScript file from it. test/api/csp-report.test.ts fails when the two differ.
  html: { cspNonce: 'shop-csp-nonce-placeholder' },
  resolve: {
    alias:
      mode === 'production'
        ? [
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
          ]
        : [],
  },
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
}));
