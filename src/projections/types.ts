import type { FragmentSqlToken } from 'slonik';
import type { DatabaseConnection, DatabaseTransactionConnection } from '../db/pool';
import type { StoredEvent } from '../eventstore/types';
import type { LiveChannel, LiveData, LiveEvent } from '../shared/live-contract';

/**
 * Queues a live message of the contract (src/shared/live-contract.ts) inside the projection's transaction; the hub
 * sends it after commit. `audience` (an order id, on a private channel) limits it to the screens attached with
 * that key. The outbox's own writer (`OutboxPublish`, src/live/outbox.ts) takes any row; this is its typed face.
 */
export type Publish = <C extends LiveChannel, E extends LiveEvent<C>>(channel: C, event: E, data: LiveData<C, E>, audience?: string) => Promise<void>;

export interface ProjectionContext<Prepared = unknown> {
  tx: DatabaseTransactionConnection;
  publish: Publish;
  /** What `prepare` read for the batch, before its transaction (undefined for a projection without one). */
  prepared?: Prepared;
}

/** A read model built from events. Its rows and its checkpoint move in one transaction. */
export interface Projection<Prepared = unknown> {
  name: string;
  /** The event types it reads (or 'all'); other events only move its checkpoint. */
  eventTypes: readonly string[] | 'all';
  /** Its own tables, emptied when it is rebuilt. */
  tables: readonly string[];
  /**
   * Optional: columns (by table) that number the writes to a row rather than hold a fact, such as orders.version;
   * a rebuild, which may fold events into fewer writes, leaves them different, so comparisons leave them out.
   */
  writeCounters?: Readonly<Record<string, readonly string[]>>;
  /**
   * Optional: reads what applying the batch needs from outside its transaction (the settings, the catalogue,
   * other streams), before the transaction opens. `apply` may use only `tx`: inside the transaction, asking the
   * pool for another connection could wait forever (issue 28; tests refuse it).
   */
  prepare?(events: StoredEvent[]): Promise<Prepared>;
  apply(event: StoredEvent, context: ProjectionContext<Prepared>): Promise<void>;
  /**
   * Optional: applies a whole batch at once (a few statements instead of some per event), for speed. Its
   * `publish` is silent when the batch is a replay (a rebuild), as `apply`'s is for a replayed event.
   */
  applyAll?(events: StoredEvent[], context: ProjectionContext<Prepared>): Promise<void>;
  /**
   * Optional, for a batch that one data-modifying statement applies and that sends no live messages: that
   * statement, writing only where `guard` holds (undefined: this batch goes the usual way). The runner sends it
   * within the statement that moves the checkpoint, so the batch costs one round trip instead of four (begin,
   * checkpoint, rows, commit). It may first read the projection's own rows on `db` (the runner gives the pool): only this
   * projection writes them, and if its checkpoint moved meanwhile the guard writes nothing.
   */
  batchStatement?(events: StoredEvent[], guard: FragmentSqlToken, db?: DatabaseConnection): FragmentSqlToken | undefined | Promise<FragmentSqlToken | undefined>;
}
