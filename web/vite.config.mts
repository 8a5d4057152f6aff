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

/**
 * `vite build --ssr src/entry-server.tsx` (src/web-build.ts runs it after the browser's build): the same pages
 * as one CommonJS module for the shop's server, which renders the menu's and /about's first screen into the HTML
 * it answers (src/http/first-screen.ts). Everything bundled (the server's Node has no bundler to resolve the
 * web app's imports); its stylesheets are the browser build's.
 */
const serverBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  rolldownOptions: { output: { format: 'cjs' as const, entryFileNames: '[name].cjs', chunkFileNames: '[name]-[hash].cjs' } },
};

export default defineConfig(({ mode, isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild ? [react()] : [react(), trimBootstrapCss(), precompress()],
  ssr: { noExternal: true },
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
  build: isSsrBuild
    ? serverBuild
    : {
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
