import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from './http/static-web';

/** `npm start` builds the web app the first time, so a fresh clone needs no separate build step. */
export async function ensureWebBuild(): Promise<void> {
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) return;
  console.log('Building the web app (first start only)...');
  const root = path.resolve(WEB_DIST, '..', '..');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.mts'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed with exit code ${code}`))));
  });
}
