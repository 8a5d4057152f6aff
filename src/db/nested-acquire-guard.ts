import { AsyncLocalStorage } from 'node:async_hooks';

/** Code asked a pool for a connection while its own async context held one of that pool's in a transaction. */
export class NestedAcquireError extends Error {
  override name = 'NestedAcquireError';
}

const NESTED_ACQUIRE =
  'Asked the database pool for a connection from inside one of its transactions, which already holds one: with ' +
  'every connection held so, each waits for another forever (issue 28). Run the query on the transaction\'s tx, ' +
  'or before or after the transaction (a lock held across other work: the pool\'s withAdvisoryLock).';

/** Remembers which async work holds one of a pool's connections in a transaction, and refuses it a second. */
export interface NestedAcquireGuard {
  /** Runs a transaction's handler as the holder of one connection, until it settles. */
  holding<T>(handler: () => Promise<T>): Promise<T>;
  /** Throws NestedAcquireError when the calling async context is inside an open transaction of this pool. */
  refuseNested(): void;
}

/**
 * The guard a pool is given outside production (tests). It tells a transaction's handler apart from other work
 * with an AsyncLocalStorage, which turns on promise hooks for every promise of the process: the cost the pool
 * avoids in production (src/db/pool.ts), so a production pool is made without one and checks nothing.
 * Work started inside a transaction that outlives it (a wake-up not awaited) is free again once it commits.
 */
export function nestedAcquireGuard(): NestedAcquireGuard {
  const held = new AsyncLocalStorage<{ open: boolean }>();
  return {
    async holding(handler) {
      const transaction = { open: true };
      try {
        return await held.run(transaction, handler);
      } finally {
        transaction.open = false;
      }
    },
    refuseNested() {
      if (held.getStore()?.open) throw new NestedAcquireError(NESTED_ACQUIRE);
    },
  };
}
