/**
 * `npm test`'s jest part, in two lanes at once: the browser files in one, every other file in the other, each
 * lane one file at a time. In one lane the suite kept about half of the host's two CPUs idle (the API files
 * mostly wait: on Postgres, on projections catching up, on the shop's timers), and the browser files, which do
 * use a CPU, then waited for them. Each lane is its own jest run, with its own Postgres (global setup); the web
 * app is built once, here, before either starts. Both lanes' output is shown, each line marked with its lane.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { ensureWebBuild } from '../src/web-build';

const ROOT = path.resolve(__dirname, '..');
const JEST = path.join(path.dirname(require.resolve('jest/package.json')), 'bin', 'jest.js');

const LANES = [
  { name: 'browser', args: ['--runInBand', '--testPathPatterns', '/test/browser/'] },
  { name: 'other', args: ['--runInBand', '--testPathIgnorePatterns', '/test/browser/'] },
];

function runLane(lane: { name: string; args: string[] }): Promise<number> {
  const child = spawn(process.execPath, [JEST, ...lane.args, ...process.argv.slice(2)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const mark = `[${lane.name}] `;
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${mark}${line}\n`));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function main(): Promise<void> {
  await ensureWebBuild();
  const codes = await Promise.all(LANES.map(runLane));
  const failed = LANES.filter((_, index) => codes[index] !== 0).map((lane) => lane.name);
  console.log(failed.length === 0 ? 'Both lanes passed.' : `Failed: the ${failed.join(' and the ')} lane.`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

void main();
