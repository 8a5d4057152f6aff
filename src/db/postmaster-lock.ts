import fs from 'node:fs';
import path from 'node:path';

/**
 * Whether the Postgres that last ran on a cluster is gone, read from the cluster's `postmaster.pid` (issue 28
 * item 5). Postgres refuses to start ("lock file postmaster.pid already exists") while the pid in that file
 * answers a signal, which a killed postmaster still does as a zombie until its parent reaps it; and ("shared
 * memory block is still in use") while any of its server processes is still attached to its shared memory. A
 * restart right after `kill -9` met both. So the start waits for the old postmaster by its pid, a bounded while.
 */

/** What the system says of a process id: gone, exited but not yet reaped (a zombie), or alive running `command`. */
export type ProcessState = { kind: 'gone' } | { kind: 'zombie' } | { kind: 'alive'; command: string | undefined };

/** How the check looks at processes; injectable, so the check can be fed any case. */
export interface ProcessProbe {
  state(pid: number): ProcessState;
  /** How many processes are attached to the SysV shared memory segment `shmid`; undefined when it is gone. */
  attached(shmid: number): number | undefined;
}

/**
 * - `none`: no lock file: start.
 * - `stale`: a lock file nothing holds (its pid is gone or another program's): remove it and start.
 * - `exiting`: the old postmaster is still going (a zombie, or its server processes hold its memory): wait.
 * - `running`: a live Postgres holds the cluster (the caller decides: share it, stop it, or refuse).
 */
export type LockVerdict =
  | { kind: 'none' }
  | { kind: 'stale'; pid: number; reason: string }
  | { kind: 'exiting'; pid: number; reason: string; holdsMemory: boolean }
  | { kind: 'running'; pid: number; port: number; socketDir: string };

export const POSTMASTER_PID = 'postmaster.pid';

/** The lock file's lines, as Postgres writes them: pid, data dir, start time, port, socket dir, listen address, "key shmid", status. */
function parseLock(text: string): { pid: number; port: number; socketDir: string; shmid?: number } {
  const lines = text.split('\n');
  const shmid = Number(lines[6]?.trim().split(/\s+/)[1]);
  return {
    pid: Number(lines[0]),
    port: Number(lines[3]),
    socketDir: lines[4]?.trim() ?? '',
    shmid: Number.isInteger(shmid) && shmid >= 0 ? shmid : undefined,
  };
}

/** Judges the cluster's lock file. Reads only the file and the probe. */
export function judgeLock(clusterDir: string, probe: ProcessProbe): LockVerdict {
  let text: string;
  try {
    text = fs.readFileSync(path.join(clusterDir, POSTMASTER_PID), 'utf8');
  } catch {
    return { kind: 'none' };
  }
  const lock = parseLock(text);
  if (!Number.isInteger(lock.pid) || lock.pid <= 0) return { kind: 'stale', pid: 0, reason: 'its lock file names no process' };
  const state = probe.state(lock.pid);
  // Without a command name (no /proc) a live pid is taken for Postgres: removing a live server's lock is the worse mistake.
  if (state.kind === 'alive' && (state.command === undefined || state.command === 'postgres')) {
    return { kind: 'running', pid: lock.pid, port: lock.port, socketDir: lock.socketDir };
  }
  const attached = (lock.shmid === undefined ? undefined : probe.attached(lock.shmid)) ?? 0;
  if (attached > 0) {
    const reason = `${attached} server processes of the Postgres of an earlier run (pid ${lock.pid}) are still exiting`;
    return { kind: 'exiting', pid: lock.pid, reason, holdsMemory: true };
  }
  if (state.kind === 'zombie') {
    const reason = `the Postgres of an earlier run (pid ${lock.pid}) has exited but is not yet reaped (a zombie)`;
    return { kind: 'exiting', pid: lock.pid, reason, holdsMemory: false };
  }
  const reason = state.kind === 'gone' ? `its pid ${lock.pid} is gone` : `its pid ${lock.pid} is now another program (${state.command})`;
  return { kind: 'stale', pid: lock.pid, reason };
}

/** The probe on Linux's /proc; elsewhere a pid that answers signal 0 is alive with no name known. */
export const systemProcessProbe: ProcessProbe = {
  state(pid) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.charAt(close + 2) === 'Z') return { kind: 'zombie' };
      return { kind: 'alive', command: stat.slice(stat.indexOf('(') + 1, close) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && fs.existsSync('/proc/self/stat')) return { kind: 'gone' };
    }
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return { kind: 'gone' };
    }
    return { kind: 'alive', command: undefined };
  },
  attached(shmid) {
    try {
      // Columns: key shmid perms size cpid lpid nattch ...
      for (const line of fs.readFileSync('/proc/sysvipc/shm', 'utf8').split('\n').slice(1)) {
        const columns = line.trim().split(/\s+/);
        if (Number(columns[1]) === shmid) return Number(columns[6]);
      }
    } catch {
      // not Linux: Postgres checks its shared memory itself and says so
    }
    return undefined;
  },
};

export interface WaitOptions {
  probe?: ProcessProbe;
  /** How long an exiting postmaster is waited for. */
  timeoutMs?: number;
  pollMs?: number;
  /** Said at info level: why the start waits, and what it found. */
  log?: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The old postmaster was just asked to stop: a live one is waited for too, instead of answered as running. */
  stopping?: boolean;
}

/** The longest a start waits for the old postmaster to be reaped before taking its lock over. */
export const OLD_POSTMASTER_WAIT_MS = 15_000;

/**
 * Waits while the old postmaster is exiting, at most `timeoutMs`, and answers the lock's verdict then: `none`,
 * `stale` (its file removed), or `running`. A postmaster still a zombie after the wait holds nothing (a zombie has
 * released its memory and files), so its lock file is taken over; server processes still attached to its shared
 * memory after the wait are refused with the reason, since a second server on the same files would corrupt them.
 */
export async function awaitOldPostmaster(clusterDir: string, options: WaitOptions = {}): Promise<Exclude<LockVerdict, { kind: 'exiting' }>> {
  const probe = options.probe ?? systemProcessProbe;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const log = options.log ?? (() => undefined);
  const timeoutMs = options.timeoutMs ?? OLD_POSTMASTER_WAIT_MS;
  const deadline = now() + timeoutMs;
  let said: string | undefined;
  for (;;) {
    const judged = judgeLock(clusterDir, probe);
    const verdict: LockVerdict = judged.kind === 'running' && options.stopping
      ? { kind: 'exiting', pid: judged.pid, reason: `the Postgres of an earlier run (pid ${judged.pid}) is stopping`, holdsMemory: true }
      : judged;
    if (verdict.kind === 'stale') {
      log(`Removing the lock file of an earlier Postgres: ${verdict.reason}`);
      fs.rmSync(path.join(clusterDir, POSTMASTER_PID), { force: true });
      return verdict;
    }
    if (verdict.kind !== 'exiting') {
      if (said && verdict.kind === 'none') log('The Postgres of an earlier run is gone');
      return verdict;
    }
    if (said !== verdict.reason) log(`Waiting before starting Postgres: ${verdict.reason}`);
    said = verdict.reason;
    if (now() >= deadline) {
      if (!verdict.holdsMemory) {
        log(`Taking over the lock file of the earlier Postgres (pid ${verdict.pid}): still not reaped after ${timeoutMs} ms, and a zombie holds nothing`);
        fs.rmSync(path.join(clusterDir, POSTMASTER_PID), { force: true });
        return { kind: 'stale', pid: verdict.pid, reason: 'a zombie not reaped in time' };
      }
      throw new Error(`Postgres cannot start on ${clusterDir}: ${verdict.reason}, still after ${timeoutMs} ms`);
    }
    await sleep(options.pollMs ?? 100);
  }
}
