import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { CommandHandler } from '../../src/core/handle-command';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { createPostgresEventStore, type PostgresEventStore } from '../../src/eventstore/postgres';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { minutes, T0, tabs, testClock, until } from './support/helpers';
import { processInstance } from './support/instance';

const ROOT = path.resolve(__dirname, '..', '..');

/** Starts the crash child and resolves once its process manager runs; `stopped` resolves when it stops dead. */
function startChild(databaseUrl: string, crashAt: string, clockAt: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/process/support/crash-child.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, CRASH_AT: crashAt, CLOCK_AT: new Date(clockAt).toISOString() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const seen = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => output.includes(line) && resolve();
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`child exited with ${code} before '${line}':\n${output}`)));
      check();
    });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, started: seen('started'), stopped: seen(`stopped ${crashAt}`) };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('a process manager killed in the middle of a step', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let pool: DatabasePool;
  let child: ChildProcess | undefined;

  beforeEach(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ url: database.url, pollIntervalMs: 20 });
    pool = await createDatabasePool(database.url);
  });
  afterEach(async () => {
    if (child) await killed(child);
    await store.close();
    await pool.end();
    await database.drop();
  });

  it.each([
    ['before-send', 'between deciding a command and sending it', 0],
    ['after-send', 'between its owner storing the command and the answer being recorded', 1],
  ])('converges to one effect after a SIGKILL %s (%s)', async (crashAt, _, effectsAtCrash) => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const tabId = randomUUID();
    const dying = startChild(database.url, crashAt, T0 + minutes(25));
    child = dying.child;
    await dying.started;
    await shop.open(tabId); // at 18:00; the child's clock says 18:25, so the lapse is due at once
    await dying.stopped;
    await killed(dying.child);

    expect(await shop.decided(tabId)).toEqual({ timers: 1, commands: 1, answers: 0 });
    expect(await shop.lapses(tabId)).toBe(effectsAtCrash);

    // Restarted once the dead instance's lease on the command has run out.
    time.set(T0 + minutes(25) + 31_000);
    const restarted = processInstance({ store, pool, databaseUrl: database.url, clock: time.clock });
    try {
      await restarted.manager.start();
      await until(() => shop.finished(tabId), 'the process to finish after the restart', 45_000);
      for (let pass = 0; pass < 3; pass++) await restarted.manager.runDue();
    } finally {
      await restarted.stop();
    }
    expect(restarted.hooks.sends).toBe(1);
    expect(await shop.lapses(tabId)).toBe(1);
    expect(await shop.decided(tabId)).toEqual({ timers: 1, commands: 1, answers: 1 });
  }, 120_000); // a Node process with tsx starts here, which is slow on a busy host
});
