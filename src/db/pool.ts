import pg from 'pg';
import { nestedAcquireGuard } from './nested-acquire-guard';

/**
 * The database pool for read models, sessions and identity: queries are written with slonik's `sql` tag
 * (values are always bound, identifiers quoted, fragments composed safely) and run here, straight on `pg`.
 *
 * Why not slonik's own pool: on the 2-CPU servers the shop is built for, its executor cost Node about twice
 * the CPU of `pg` per query (180 µs against 96 µs for `select 1`), and its transactions run inside an
 * AsyncLocalStorage, which turns on promise hooks for every promise in the process. The methods below keep
 * slonik's names and contracts (`one` refuses 0 or 2 rows, `maybeOne` refuses 2, ...) and its type parsing
 * (int8 as bigint, numeric as number, timestamps as epoch milliseconds, dates as text).
 *
 * Every query runs as a named prepared statement, so Postgres parses and plans each text once per connection.
 *
 * No code may ask the pool for a connection while its own transaction holds one of the pool's (issue 28): with
 * every connection held so, each would wait for another forever. In tests the pool refuses it
 * (`refuseNestedAcquire`, nested-acquire-guard.ts), which needs the AsyncLocalStorage production goes without.
 */

/** What slonik's `sql` tag produces: text with `$slonik_N` placeholders, and the values bound to them. */
export interface QueryToken {
  readonly sql: string;
  readonly values: readonly unknown[];
}

// Row shapes are declared by the callers (`as ...`), as they were with slonik's untyped `sql.unsafe`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = any;

export interface QueryResult<T = Row> {
  rows: T[];
  rowCount: number;
}

export interface DatabaseConnection {
  query<T = Row>(query: QueryToken): Promise<QueryResult<T>>;
  /** Exactly one row, else NotFoundError (none) or DataIntegrityError (several). */
  one<T = Row>(query: QueryToken): Promise<T>;
  /** One row or null; DataIntegrityError when there are several. */
  maybeOne<T = Row>(query: QueryToken): Promise<T | null>;
  any<T = Row>(query: QueryToken): Promise<readonly T[]>;
  /** At least one row, else NotFoundError. */
  many<T = Row>(query: QueryToken): Promise<readonly T[]>;
  /** The first column of exactly one row. */
  oneFirst<T = Row>(query: QueryToken): Promise<T>;
  maybeOneFirst<T = Row>(query: QueryToken): Promise<T | null>;
  anyFirst<T = Row>(query: QueryToken): Promise<readonly T[]>;
}

export interface DatabaseTransactionConnection extends DatabaseConnection {
  /** A nested transaction: a savepoint, rolled back alone when `handler` throws. */
  transaction<T>(handler: (tx: DatabaseTransactionConnection) => Promise<T>): Promise<T>;
}

export interface DatabasePool extends DatabaseConnection {
  /**
   * Runs `handler` in a transaction on one connection: committed when it resolves, rolled back when it
   * throws. A serialization failure or deadlock is retried up to `retryLimit` times, as slonik does.
   */
  transaction<T>(handler: (tx: DatabaseTransactionConnection) => Promise<T>, retryLimit?: number): Promise<T>;
  /**
   * Runs `work` holding the Postgres advisory lock `name` (one holder at a time, across instances), on a
   * connection of its own outside the pool: `work` may use the pool and wait for read models, which a lock
   * taken in a transaction could not allow without holding one of the pool's connections meanwhile. Opens a
   * connection per call: for rare changes only.
   */
  withAdvisoryLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** The pool's connections now (for /metrics): open, idle, callers waiting for one, and the most it opens. */
  usage(): PoolUsage;
  end(): Promise<void>;
}

export interface PoolUsage {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

export class DataIntegrityError extends Error {
  override name = 'DataIntegrityError';
}

/** Connections in a pool unless its creator says otherwise. */
export const DEFAULT_POOL_SIZE = 10;

const RETRIED_CODES = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected
const DEFAULT_TRANSACTION_RETRY_LIMIT = 5;

/** slonik's result types, by type OID: int8, numeric, timestamp, timestamptz, date. */
const TYPE_PARSERS = new Map<number, (value: string) => unknown>([
  [20, (value) => BigInt(value)],
  [1700, (value) => Number.parseFloat(value)],
  [1114, (value) => parseTimestamp(value, ' UTC')],
  [1184, (value) => parseTimestamp(value, '')],
  [1082, (value) => value],
]);

function parseTimestamp(value: string, zone: string): number {
  if (value === 'infinity') return Number.POSITIVE_INFINITY;
  if (value === '-infinity') return Number.NEGATIVE_INFINITY;
  return Date.parse(value + zone);
}

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    return TYPE_PARSERS.get(oid) ?? pg.types.getTypeParser(oid, format ?? 'text');
  },
};

/** One statement name per distinct query text, so that each connection prepares it once. */
const statements = new Map<string, { name: string; text: string }>();
const MAX_STATEMENTS = 2000;

function statementFor(sql: string): { name?: string; text: string } {
  let statement = statements.get(sql);
  if (!statement) {
    const text = sql.replace(/\$slonik_(\d+)/g, '$$$1');
    // Past the limit (queries built with changing text), run unnamed rather than grow every connection.
    if (statements.size >= MAX_STATEMENTS) return { text };
    statement = { name: `q${statements.size + 1}`, text };
    statements.set(sql, statement);
  }
  return statement;
}

type Client = Pick<pg.PoolClient, 'query'>;

async function run<T>(client: Client, query: QueryToken): Promise<QueryResult<T>> {
  const result = await client.query({ ...statementFor(query.sql), values: query.values as unknown[] });
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
}

function firstColumn<T>(row: Record<string, unknown>): T {
  return row[Object.keys(row)[0]] as T;
}

function connectionMethods(execute: <T>(query: QueryToken) => Promise<QueryResult<T>>): DatabaseConnection {
  const one = async <T>(query: QueryToken): Promise<T> => {
    const { rows } = await execute<T>(query);
    if (rows.length === 0) throw new NotFoundError('Query returned no rows');
    if (rows.length > 1) throw new DataIntegrityError('Query returned more than one row');
    return rows[0];
  };
  const maybeOne = async <T>(query: QueryToken): Promise<T | null> => {
    const { rows } = await execute<T>(query);
    if (rows.length > 1) throw new DataIntegrityError('Query returned more than one row');
    return rows[0] ?? null;
  };
  const any = async <T>(query: QueryToken): Promise<readonly T[]> => (await execute<T>(query)).rows;
  return {
    query: execute,
    one,
    maybeOne,
    any,
    async many<T>(query: QueryToken) {
      const rows = await any<T>(query);
      if (rows.length === 0) throw new NotFoundError('Query returned no rows');
      return rows;
    },
    oneFirst: async <T>(query: QueryToken) => firstColumn<T>(await one<Record<string, unknown>>(query)),
    async maybeOneFirst<T>(query: QueryToken) {
      const row = await maybeOne<Record<string, unknown>>(query);
      return row === null ? null : firstColumn<T>(row);
    },
    anyFirst: async <T>(query: QueryToken) => (await any<Record<string, unknown>>(query)).map((row) => firstColumn<T>(row)),
  };
}

function transactionConnection(client: pg.PoolClient, depth = 0): DatabaseTransactionConnection {
  return {
    ...connectionMethods((query) => run(client, query)),
    async transaction(handler) {
      const savepoint = `nested_${depth + 1}`;
      await client.query(`savepoint ${savepoint}`);
      try {
        const result = await handler(transactionConnection(client, depth + 1));
        await client.query(`release savepoint ${savepoint}`);
        return result;
      } catch (error) {
        await client.query(`rollback to savepoint ${savepoint}`);
        throw error;
      }
    },
  };
}

export interface PoolOptions {
  maximumPoolSize?: number;
  /**
   * Refuse a query or transaction on this pool from inside one of its transactions (NestedAcquireError), the
   * pattern that froze the shop when every connection was held so (issue 28). On in tests; off in production,
   * where it would cost every promise a hook (nested-acquire-guard.ts).
   */
  refuseNestedAcquire?: boolean;
}

/** The shared pool for read models, sessions and identity. */
export async function createDatabasePool(url: string, options: PoolOptions = {}): Promise<DatabasePool> {
  const sessionSettings = { statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 };
  const pool = new pg.Pool({ connectionString: url, max: options.maximumPoolSize ?? DEFAULT_POOL_SIZE, types, ...sessionSettings });
  pool.on('error', () => undefined); // an idle client lost its connection; the pool replaces it
  const guard = options.refuseNestedAcquire ? nestedAcquireGuard() : undefined;

  async function transactionOnce<T>(handler: (tx: DatabaseTransactionConnection) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A checked-out client has no listener of the pool's: without this one, Postgres ending the session (its
    // idle-in-transaction timeout, a restart) would be an unhandled 'error' event, and end the process.
    const lost = (error: Error) => void (broken = error);
    client.on('error', lost);
    try {
      await client.query('begin');
      const tx = transactionConnection(client);
      const result = await (guard ? guard.holding(() => handler(tx)) : handler(tx));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((rollbackFailed: Error) => {
        broken ??= rollbackFailed; // the connection is unusable: the pool must not hand it out again
      });
      throw error;
    } finally {
      client.removeListener('error', lost);
      client.release(broken);
    }
  }

  const execute = guard
    ? async <T>(query: QueryToken) => {
        guard.refuseNested();
        return run<T>(pool, query);
      }
    : <T>(query: QueryToken) => run<T>(pool, query);

  return {
    ...connectionMethods(execute),
    async transaction(handler, retryLimit = DEFAULT_TRANSACTION_RETRY_LIMIT) {
      guard?.refuseNested();
      for (let attempt = 0; ; attempt++) {
        try {
          return await transactionOnce(handler);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (attempt >= retryLimit || code === undefined || !RETRIED_CODES.has(code)) throw error;
        }
      }
    },
    async withAdvisoryLock(name, work) {
      const client = new pg.Client({ connectionString: url, ...sessionSettings });
      // The lock goes with the connection: work already running finishes, the next holder may start meanwhile.
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [name]);
        return await work();
      } finally {
        await client.end().catch(() => undefined); // ending the session releases the lock
      }
    },
    usage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
    end: () => pool.end(),
  };
}
