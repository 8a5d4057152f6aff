/**
 * `npm run bench -- restart` (issue 28 item 5): the shop as `npm start` runs it, on its own embedded Postgres,
 * killed with `kill -9` together with its Postgres and started again at once, 30 times (5 with --quick). Each
 * start must answer /readyz. A killed postmaster is a zombie for a moment; a start that took it for gone met
 * "lock file postmaster.pid already exists" (3 of 27 once). The figure is the number of cycles that started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterDirFor, removeSystemCluster } from '../src/db/embedded-postgres';
import { ensureWebBuild } from '../src/web-build';
import type { Benchmark, BenchContext } from './types';

const ROOT = path.resolve(__dirname, '..');
const START_TIMEOUT_MS = 120_000;

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

function startShop(dataDir: string): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', ADMIN_PASSWORD: 'restart bench admin password' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "shop is listening" within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      keep(chunk);
      const match = /"url":"(http:\/\/localhost:\d+)".*"shop is listening"/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ child, url: match[1], output: () => output });
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited with ${code} before listening:\n${output}`));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', keep);
    child.once('exit', onExit);
  });
}

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(clusterDirFor(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** kill -9 of the shop and its Postgres at once, as a crash or the OOM killer would; nothing waits for them. */
function killBoth(shop: ChildProcess, postgres: number): void {
  shop.kill('SIGKILL');
  try {
    process.kill(postgres, 'SIGKILL');
  } catch {
    // gone already
  }
}

async function run(context: BenchContext) {
  const cycles = context.quick ? 5 : 30;
  await ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-restart-'));
  let current: ChildProcess | undefined;
  let started = 0;
  let waited = 0;
  const startMs: number[] = [];
  try {
    // The first start creates the cluster; the cycles measure starts over a killed one.
    let shop = await startShop(dataDir);
    current = shop.child;
    for (let cycle = 1; cycle <= cycles; cycle++) {
      killBoth(shop.child, postmasterPid(dataDir));
      const began = performance.now();
      try {
        shop = await startShop(dataDir);
        current = shop.child;
        const ready = await fetch(`${shop.url}/readyz`);
        if (ready.status !== 200) throw new Error(`/readyz answered ${ready.status}`);
        started += 1;
        startMs.push(performance.now() - began);
        if (/Waiting before starting Postgres|Taking over the lock file/.test(shop.output())) waited += 1;
      } catch (error) {
        context.log(`restart: cycle ${cycle} did not start: ${error instanceof Error ? error.message.slice(0, 2000) : String(error)}`);
        // Start afresh for the next cycle: whatever is left is killed and the next start finds it.
        shop = await startShop(dataDir);
        current = shop.child;
      }
    }
  } finally {
    if (current && current.exitCode === null && current.signalCode === null) {
      await new Promise<void>((resolve) => {
        current!.once('exit', () => resolve());
        current!.kill('SIGINT');
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeSystemCluster(dataDir);
  }
  const sorted = [...startMs].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
  context.log(`restart: ${started} of ${cycles} started; ${waited} waited for the killed Postgres first; median start ${(median / 1000).toFixed(1)} s`);
  return [
    { name: `restart after kill -9: cycles that started (of ${cycles})`, figure: started, unit: 'starts', target: `= ${cycles}`, pass: started === cycles },
    { name: 'restart after kill -9: median start', figure: median / 1000, unit: 's' },
  ];
}

export const restartBenchmark: Benchmark = { name: 'restart', onlyWhenNamed: true, run };
