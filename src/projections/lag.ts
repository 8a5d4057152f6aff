import { sql } from 'slonik';
import type { Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';
import type { EventStore, Position, StoredEvent } from '../eventstore/types';
import type { ProjectionRunner, Waker } from './runner';

/** /readyz calls a projection behind when its lag is more than this (issue 40 item 7). */
export const READY_LAG_SECONDS = 5;

/**
 * A projection's lag in seconds: how long ago the oldest event it has not applied was stored (by the shop's
 * clock against the event's recorded time), 0 when it has applied everything a reader of the store can see.
 * Seconds, not events: a projection a few events behind under load is fine, one stuck on an old event is not.
 *
 * Cheap enough for every scrape and every /readyz: one query for the store's head; the checkpoints table only
 * for projections another instance runs (this instance's own runners know their position); and the first
 * unapplied event comes from the waker's in-memory tail, read from the store only for a projection further
 * behind than the tail (one read per distinct position).
 *
 * A projection another instance runs is measured from its stored checkpoint, which may trail over events that
 * projection skips by up to ten poll intervals (src/projections/runner.ts), so it may look a little behind.
 */
export function projectionLagReader(deps: {
  store: EventStore;
  pool: DatabasePool;
  runners: readonly ProjectionRunner[];
  waker?: Pick<Waker, 'readTail'>;
  clock: Clock;
}): () => Promise<Map<string, number>> {
  return async () => {
    const runners = [...deps.runners];
    const head = await deps.store.headPosition();
    const elsewhere = runners.filter((runner) => !runner.isActive).map((runner) => runner.projection.name);
    const stored = new Map<string, Position>();
    if (elsewhere.length > 0) {
      const rows = (await deps.pool.any(sql.unsafe`
        select name, position from projection_checkpoints where name = any(${sql.array(elsewhere, 'text')})`)) as Array<{ name: string; position: Position }>;
      for (const row of rows) stored.set(row.name, row.position);
    }
    const positionOf = (runner: ProjectionRunner): Position => {
      if (runner.isActive) return runner.checkpoint;
      const position = stored.get(runner.projection.name);
      // The stored checkpoint or this instance's own idea of it, whichever is further on.
      return position !== undefined && position > runner.checkpoint ? position : runner.checkpoint;
    };
    const firstUnapplied = new Map<Position, Promise<StoredEvent | undefined>>();
    const now = deps.clock().getTime();
    const lags = await Promise.all(
      runners.map(async (runner) => {
        const position = positionOf(runner);
        if (position >= head) return [runner.projection.name, 0] as const;
        let next = firstUnapplied.get(position);
        if (!next) {
          next = (async () => deps.waker?.readTail?.(position, 1)?.[0] ?? (await deps.store.readAll({ after: position, limit: 1 }))[0])();
          firstUnapplied.set(position, next);
        }
        const event = await next;
        const seconds = event ? Math.max(0, (now - event.recordedAt.getTime()) / 1000) : 0;
        return [runner.projection.name, seconds] as const;
      }),
    );
    return new Map(lags);
  };
}
