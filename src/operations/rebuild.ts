import type { DatabasePool } from '../db/pool';
import type { EventStore } from '../eventstore/types';
import { ProjectionRunner } from '../projections/runner';
import type { Projection } from '../projections/types';
import { startStoreWaker } from '../projections/waker';

/**
 * Runs every projection from its checkpoint up to the store's newest event, then stops them: the read models of
 * a database filled by a tool (an import) are built before a shop starts on it, as a running shop's start-up
 * needs them (its admin, its menu). `store` is the shop's read path (sealing and versioning).
 */
export async function catchUpProjections(options: {
  projections: readonly Projection[];
  store: EventStore;
  pool: DatabasePool;
  databaseUrl: string;
  timeoutMs?: number;
}): Promise<void> {
  const waker = startStoreWaker(options.store);
  const runners = options.projections.map(
    (projection) => new ProjectionRunner(projection, { store: options.store, pool: options.pool, databaseUrl: options.databaseUrl, waker, pollIntervalMs: 100 }),
  );
  try {
    const head = await options.store.lastCommittedPosition();
    for (const runner of runners) runner.start();
    await Promise.all(runners.map((runner) => runner.waitFor(head, options.timeoutMs ?? 60 * 60 * 1000)));
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
    await waker.stop();
  }
}
