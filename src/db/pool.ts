import { createPool, type DatabasePool } from 'slonik';

export type { DatabasePool };

/** The shared slonik pool for read models, sessions and identity. */
export async function createDatabasePool(url: string, options: { maximumPoolSize?: number } = {}): Promise<DatabasePool> {
  return createPool(url, {
    maximumPoolSize: options.maximumPoolSize ?? 10,
    // Keep the driver's bigint-as-text behaviour out of the way: queries cast what they need.
    captureStackTrace: false,
    statementTimeout: 30_000,
    // slonik's default runs DISCARD ALL after every pooled query (a quarter of all queries in the checkout
    // bench). Nothing here sets session state on pooled connections, so there is nothing to discard.
    resetConnection: async () => undefined,
    idleInTransactionSessionTimeout: 60_000,
  });
}
