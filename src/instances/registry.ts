import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'slonik';
import type { Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';

/** How often a running instance says so. */
export const BEAT_MS = 10_000;
/** An instance seen within this long is alive: three beats, so one slow beat does not kill it. */
export const ALIVE_MS = 30_000;
/** An instance dead for over a minute (not seen for 90 s) is deleted by the next beat of any other, with its rows. */
export const SWEPT_AFTER_MS = ALIVE_MS + 60_000;

export interface InstanceRow {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  seenAt: string;
}

/** Postgres refused a row whose instance row is gone (SQLSTATE 23503, a foreign key). */
function isMissingInstance(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23503';
}

/**
 * The shop processes running on this database (issue 42), one row each in `shop_instances`: registered at start,
 * seen again every BEAT_MS, deleted on a clean stop. What an instance holds that the others must count (its staff
 * screens, its open live streams) is in rows that reference its row, deleted with it by the database (on delete
 * cascade): so a killed instance's leftovers go when another's beat finds it dead for over a minute, with no list
 * here of what they are. Times come from the injected clock, so tests move them; instances on several hosts need
 * clocks within a few seconds of each other (NTP), far inside ALIVE_MS.
 */
export function createInstanceRegistry(pool: DatabasePool, clock: Clock, options: { id?: string } = {}) {
  const id = options.id ?? randomUUID();
  const startedAt = clock().toISOString();
  const listeners: Array<() => Promise<void>> = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Writes this instance's row: a beat after another's sweep took it (a pause of over 90 s) registers it again. */
  async function register(): Promise<void> {
    await pool.query(sql.unsafe`
      insert into shop_instances (id, host, pid, started_at, seen_at)
      values (${id}, ${os.hostname()}, ${process.pid}, ${startedAt}, ${clock().toISOString()})
      on conflict (id) do update set seen_at = excluded.seen_at`);
  }

  return {
    /** This process's id in `shop_instances`. */
    id,

    /** Registers this instance and beats every BEAT_MS until stop (the timer does not keep the process alive). */
    async start(onError: (error: unknown) => void): Promise<void> {
      await register();
      timer = setInterval(() => void this.beat().catch(onError), BEAT_MS);
      timer.unref();
    },

    /** Says this instance is alive, deletes those dead for over a minute (and their rows), then tells the listeners. */
    async beat(): Promise<void> {
      if (stopped) return;
      await register();
      await pool.query(sql.unsafe`
        delete from shop_instances where seen_at < ${new Date(clock().getTime() - SWEPT_AFTER_MS).toISOString()} and id <> ${id}`);
      for (const listener of listeners) await listener();
    },

    /** Work done with each beat, after it (the staff screens' count, written again). */
    onBeat(listener: () => Promise<void>): void {
      listeners.push(listener);
    },

    /** The instances seen within ALIVE_MS of `now`, this one included once it has registered. */
    async alive(now: Date): Promise<InstanceRow[]> {
      const rows = await pool.any<{ id: string; host: string; pid: number; started_at: number; seen_at: number }>(sql.unsafe`
        select id, host, pid, started_at, seen_at from shop_instances
         where seen_at >= ${new Date(now.getTime() - ALIVE_MS).toISOString()} order by started_at, id`);
      return rows.map((row) => ({ id: row.id, host: row.host, pid: row.pid, startedAt: new Date(row.started_at).toISOString(), seenAt: new Date(row.seen_at).toISOString() }));
    },

    /**
     * Runs a write of a row that references this instance's; when another's sweep has deleted this instance's row
     * meanwhile (it paused for over 90 s), registers again and writes once more. Not after stop.
     */
    async whileRegistered<T>(work: () => Promise<T>): Promise<T> {
      try {
        return await work();
      } catch (error) {
        if (stopped || !isMissingInstance(error)) throw error;
        await register();
        return work();
      }
    },

    /** Stops the beats and deletes this instance's row, and with it every row it held (a clean stop). */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await pool.query(sql.unsafe`delete from shop_instances where id = ${id}`);
    },
  };
}

export type InstanceRegistry = ReturnType<typeof createInstanceRegistry>;
