import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';

/** How often the shop sweeps: expired rows never pile up for long, and a sweep that finds none is one index probe. */
export const SESSION_SWEEP_INTERVAL_MS = 5 * 60 * 1000;
const BATCH_SIZE = 1000;

/**
 * Deletes the sessions past `expires_at`, a batch at a time: each batch is its own short statement, so a
 * backlog (a day of sessions expiring at once) never holds locks or a transaction for long, and rows another
 * transaction has locked are left for the next sweep. Expiry is the database's clock, the one that wrote
 * `expires_at` and that the store reads it by.
 */
export function createSessionSweeper(pool: DatabasePool, options: { batchSize?: number } = {}) {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let running: Promise<{ deleted: number; batches: number }> | undefined;

  async function sweepAll() {
    let deleted = 0;
    let batches = 0;
    for (;;) {
      const result = await pool.query(sql.unsafe`
        delete from sessions where id in (
          select id from sessions where expires_at <= now() order by expires_at limit ${batchSize} for update skip locked)`);
      batches += 1;
      deleted += result.rowCount;
      if (result.rowCount < batchSize) return { deleted, batches };
    }
  }

  return {
    /** One sweep to the end of the backlog; a call while one runs joins it. */
    sweep(): Promise<{ deleted: number; batches: number }> {
      running ??= sweepAll().finally(() => (running = undefined));
      return running;
    },
  };
}

export type SessionSweeper = ReturnType<typeof createSessionSweeper>;
