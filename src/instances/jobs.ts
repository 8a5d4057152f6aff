import pg from 'pg';
import { sql } from 'slonik';
import type { Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';

interface Job {
  name: string;
  periodMs: number;
  work: () => Promise<unknown>;
}

/**
 * The shop's background jobs, each run once per period across every instance on the database (issue 42).
 *
 * Why a lock and a row together: an advisory lock alone only keeps two runs apart; each instance's timer has its
 * own phase, so with three instances a job would still run three times a period, one after another. A row alone
 * (claimed with a lease) must guess the lease: too short and a slow run overlaps the next holder's, too long and a
 * crashed holder's period waits it out. So: each instance tries the job's advisory lock
 * (`pg_try_advisory_lock`, skipped when another holds it), and under it reads `job_runs.done_period`; the work
 * runs only if this period (the clock's time divided by the period) is not done yet, and the period is marked done
 * only after the work finished. A holder that dies mid-run loses its connection and so its lock at once, and the
 * period, not marked, is run by the next instance to try within it. Failed work is not marked either: another
 * instance tries again within the period, each at most once a period.
 *
 * The locks are taken on one connection of this instance's own, outside the pool (the work uses the pool, and
 * holding a pool connection while asking for another is refused: issue 28), and a job never overlaps itself on one
 * instance (session-level advisory locks are re-entrant within their session).
 */
export function createJobs(deps: { databaseUrl: string; pool: DatabasePool; clock: Clock; instanceId: string; onError: (job: string, error: unknown) => void }) {
  const { pool, clock } = deps;
  const jobs = new Map<string, Job>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<boolean>>();
  let client: Promise<pg.Client> | undefined;
  let stopped = false;

  function lockConnection(): Promise<pg.Client> {
    if (client) return client;
    const connection = new pg.Client({ connectionString: deps.databaseUrl, statement_timeout: 30_000, application_name: `jobs ${deps.instanceId}` });
    const opening = connection.connect().then(() => connection);
    client = opening;
    // Lost (Postgres restarted): the next run opens another; the locks went with the session.
    const forget = () => {
      if (client === opening) client = undefined;
      void connection.end().catch(() => undefined);
    };
    connection.on('error', forget);
    opening.catch(forget);
    return opening;
  }

  async function attempt(job: Job): Promise<boolean> {
    const period = BigInt(Math.floor(clock().getTime() / job.periodMs));
    const connection = await lockConnection();
    const key = `job:${job.name}`;
    const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [key]);
    if (!rows[0].locked) return false;
    try {
      const done = await pool.maybeOneFirst<bigint>(sql.unsafe`select done_period from job_runs where name = ${job.name}`);
      if (done !== null && done >= period) return false;
      await job.work();
      await pool.query(sql.unsafe`
        insert into job_runs (name, done_period, ran_at, ran_by) values (${job.name}, ${period.toString()}, ${clock().toISOString()}, ${deps.instanceId})
        on conflict (name) do update set done_period = excluded.done_period, ran_at = excluded.ran_at, ran_by = excluded.ran_by`);
      return true;
    } finally {
      await connection.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
    }
  }

  /** Runs the job now if its period is not done on any instance and no other instance is running it; true when it ran. */
  function runDue(name: string): Promise<boolean> {
    const job = jobs.get(name);
    if (!job) throw new Error(`No background job ${name}`);
    if (stopped) return Promise.resolve(false);
    const inFlight = running.get(name);
    if (inFlight) return inFlight.then(() => false);
    const run = attempt(job).finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  return {
    /** Adds a job, tried every `periodMs` on this instance (a timer that does not keep the process alive). */
    every(name: string, periodMs: number, work: () => Promise<unknown>): void {
      jobs.set(name, { name, periodMs, work });
      const timer = setInterval(() => void runDue(name).catch((error) => deps.onError(name, error)), periodMs);
      timer.unref();
      timers.push(timer);
    },

    runDue,

    /** Stops the timers, waits for the runs under way, and closes the lock connection (freeing its locks). */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled(running.values());
      const connection = client;
      client = undefined;
      await connection?.then((opened) => opened.end()).catch(() => undefined);
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
