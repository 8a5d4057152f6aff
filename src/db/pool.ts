import { createPool, type DatabasePool } from 'slonik';

export type { DatabasePool };

/** The shared slonik pool for read models, sessions and identity. */
export async function createDatabasePool(url: string, options: { maximumPoolSize?: number } = {}): Promise<DatabasePool> {
  return createPool(url, {
    maximumPoolSize: options.maximumPoolSize ?? 10,
    // Keep the driver's bigint-as-text behaviour out of the way: queries cast what they need.
    captureStackTrace: false,
    statementTimeout: 30_000,
    idleInTransactionSessionTimeout: 60_000,
  });
}
