import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  awaitOldPostmaster,
  judgeLock,
  POSTMASTER_PID,
  systemProcessProbe,
  type ProcessProbe,
  type ProcessState,
} from '../../src/db/postmaster-lock';
import { until } from '../support/until';

/** Prints the pid of a child that becomes a zombie: it exits after its parent shell exec'd into `sleep`. */
const ZOMBIE_MAKER =
  '( read -r _ _ _ parent _ < /proc/self/stat; until [ "$(cat /proc/$parent/comm)" = sleep ]; do sleep 0.01; done ) & echo $!; exec sleep 60';

/** Issue 28 item 5: a restart right after kill -9 waits for the killed postmaster by its pid. */
describe('the old postmaster at start-up', () => {
  const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  const lockFile = path.join(clusterDir, POSTMASTER_PID);
  /** As Postgres writes it: pid, data dir, start time, port, socket dir, listen address, "key shmid", status. */
  const writeLock = (pid: number, shmid = 4242) =>
    fs.writeFileSync(lockFile, `${pid}\n${clusterDir}\n1700000000\n54321\n/tmp/run\n127.0.0.1\n  5432001 ${shmid}\nready\n`);
  /** A clock the wait reads and its sleeps move on, so a wait of seconds takes none and its steps are counted. */
  const virtualTime = () => {
    const time = { now: 0, sleeps: 0 };
    return { time, now: () => time.now, sleep: async (ms: number) => void ((time.now += ms), (time.sleeps += 1)) };
  };
  const children: number[] = [];

  afterAll(() => {
    for (const pid of children) process.kill(pid, 'SIGKILL');
    fs.rmSync(clusterDir, { recursive: true, force: true });
  });

  it('waits for a postmaster that is a zombie, and takes its lock over only when the bounded wait ends', async () => {
    // A real zombie: a child that exits once its parent has become `sleep` (exec), which never reaps it.
    const parent = spawn('sh', ['-c', ZOMBIE_MAKER], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(parent.pid!);
    const zombie = await new Promise<number>((resolve) => parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    await until(() => systemProcessProbe.state(zombie).kind === 'zombie', 'the child to be a zombie');
    writeLock(zombie);

    expect(judgeLock(clusterDir, systemProcessProbe)).toMatchObject({ kind: 'exiting', pid: zombie, holdsMemory: false });
    const lines: string[] = [];
    const { time, now, sleep } = virtualTime();
    const verdict = await awaitOldPostmaster(clusterDir, { timeoutMs: 2000, pollMs: 100, log: (line) => lines.push(line), now, sleep });
    expect(time.sleeps).toBe(20);
    expect(verdict).toMatchObject({ kind: 'stale', pid: zombie });
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(lines[0]).toBe(`Waiting before starting Postgres: the Postgres of an earlier run (pid ${zombie}) has exited but is not yet reaped (a zombie)`);
    expect(lines[1]).toMatch(/^Taking over the lock file .* a zombie holds nothing$/);
  });

  it('starts at once over the lock file of a pid that no longer exists', async () => {
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    writeLock(gone.pid!);
    const { time, now, sleep } = virtualTime();
    const lines: string[] = [];
    expect(await awaitOldPostmaster(clusterDir, { now, sleep, log: (line) => lines.push(line) })).toMatchObject({ kind: 'stale', pid: gone.pid });
    expect(time.sleeps).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(lines).toEqual([`Removing the lock file of an earlier Postgres: its pid ${gone.pid} is gone`]);
  });

  /** A probe that answers `states` in turn (the last one from then on), and `attached` for the memory. */
  const scripted = (states: ProcessState[], attached: number[] = []): ProcessProbe => ({
    state: () => (states.length > 1 ? states.shift()! : states[0]),
    attached: () => (attached.length > 1 ? attached.shift() : attached[0]),
  });

  it('waits while the postmaster is a zombie or its server processes still hold its memory, then starts', async () => {
    writeLock(777);
    const { time, now, sleep } = virtualTime();
    const lines: string[] = [];
    const probe = scripted([{ kind: 'zombie' }, { kind: 'zombie' }, { kind: 'gone' }], [0, 0, 2, 0]);
    expect(await awaitOldPostmaster(clusterDir, { probe, now, sleep, log: (line) => lines.push(line) })).toMatchObject({ kind: 'stale' });
    expect(time.sleeps).toBe(3);
    expect(lines).toEqual([
      'Waiting before starting Postgres: the Postgres of an earlier run (pid 777) has exited but is not yet reaped (a zombie)',
      'Waiting before starting Postgres: 2 server processes of the Postgres of an earlier run (pid 777) are still exiting',
      'Removing the lock file of an earlier Postgres: its pid 777 is gone',
    ]);
  });

  it('says why it cannot start when the old server processes outlive the wait, and leaves their lock alone', async () => {
    writeLock(778);
    const { now, sleep } = virtualTime();
    const probe = scripted([{ kind: 'gone' }], [3]);
    await expect(awaitOldPostmaster(clusterDir, { probe, now, sleep, timeoutMs: 1000 })).rejects.toThrow(
      `Postgres cannot start on ${clusterDir}: 3 server processes of the Postgres of an earlier run (pid 778) are still exiting, still after 1000 ms`,
    );
    expect(fs.existsSync(lockFile)).toBe(true);
  });

  it('tells a live Postgres from a pid another program took over', () => {
    writeLock(779);
    expect(judgeLock(clusterDir, scripted([{ kind: 'alive', command: 'postgres' }]))).toEqual({ kind: 'running', pid: 779, port: 54321, socketDir: '/tmp/run' });
    expect(judgeLock(clusterDir, scripted([{ kind: 'alive', command: 'bash' }]))).toMatchObject({ kind: 'stale', reason: 'its pid 779 is now another program (bash)' });
    fs.rmSync(lockFile);
    expect(judgeLock(clusterDir, scripted([{ kind: 'gone' }]))).toEqual({ kind: 'none' });
  });
});
