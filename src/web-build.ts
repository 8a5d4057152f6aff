import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverBuildOf, WEB_DIST } from './http/static-web';

const ROOT = path.resolve(WEB_DIST, '..', '..');
/** What the web build is made from; a change in any of them makes the build stale. */
const SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.mts', 'web/precompress.mts', 'web/trim-css.mts', 'src/shared'];

function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
}

export function webBuildIsCurrent(): boolean {
  const index = path.join(WEB_DIST, 'index.html');
  const server = serverBuildOf(WEB_DIST);
  if (!fs.existsSync(index) || !fs.existsSync(server)) return false;
  // The server build comes second: older than the browser's, it is one from before.
  const built = fs.statSync(index).mtimeMs;
  if (fs.statSync(server).mtimeMs < built) return false;
  return SOURCES.every((source) => newestChange(path.join(ROOT, source)) <= built);
}

function viteBuild(args: readonly string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
    // The production bundle, also when tests ask for the build (they run with NODE_ENV=test).
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(process.execPath, [vite, 'build', '--config', 'web/vite.config.mts', ...args], { cwd: ROOT, stdio: 'inherit', env });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed with exit code ${code}`))));
  });
}

/** `npm start` builds the web app when there is no build, or when its sources changed since the last one. */
export async function ensureWebBuild(): Promise<void> {
  if (webBuildIsCurrent()) return;
  console.log('Building the web app...');
  await viteBuild([]);
  // The same pages for the server, which renders the menu's first screen into its HTML (src/http/first-screen.ts).
  await viteBuild(['--ssr', 'src/entry-server.tsx']);
}
