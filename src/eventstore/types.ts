/**
 * The event-store port. Two adapters implement it (Postgres, the embedded default, and EventStoreDB)
 * and both must pass the one contract suite in test/eventstore/contract.ts.
 */

/** `bigint` is the 0-based revision of the stream's last event (EventStoreDB semantics). */
export type ExpectedRevision = 'no_stream' | 'any' | bigint;

/**
 * Opaque global position that sorts correctly as text. It is a projection's checkpoint and the
 * read-your-writes token. Postgres: "<tx_id 20 digits>.<seq 20 digits>"; EventStoreDB: "<commit 20 digits>".
 */
export type Position = string & { readonly __brand: 'Position' };

/** The position before the first event; every real position sorts after it. */
export const ORIGIN = '0' as Position;

export interface EventMetadata {
  correlationId: string;
  causationId: string;
  /** A user id, `customer:<session>` or `system`. */
  actor: string;
  /** ISO-8601 instant at which the command was decided. */
  at: string;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** UUID chosen by the writer, so that a retried append is stored once. */
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface StoredEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  stream: string;
  revision: bigint;
  position: Position;
  recordedAt: Date;
}

export interface AppendResult {
  nextRevision: bigint;
  position: Position;
}

export interface ReadStreamResult {
  revision: bigint | 'no_stream';
  events: StoredEvent[];
}

export interface SubscribeOptions {
  /** Exclusive: the first event delivered is the one after this position. */
  after?: Position;
  /** Called for one event at a time, in order; the next waits for the returned promise. */
  onEvent(event: StoredEvent): Promise<void>;
  signal: AbortSignal;
}

export interface EventStore {
  readonly kind: 'postgres' | 'esdb';
  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  read(stream: string, options?: { fromRevision?: bigint; maxCount?: number }): Promise<ReadStreamResult>;
  /** Events of every stream in commit order; `after` is exclusive. */
  readAll(options: { after?: Position; limit: number }): Promise<StoredEvent[]>;
  /** Catch up from `after`, then stay live until the signal aborts. Resolves when it has stopped. */
  subscribeAll(options: SubscribeOptions): Promise<void>;
  /** Position of the last event a reader of `$all` can see now, or ORIGIN when there is none. */
  headPosition(): Promise<Position>;
  /**
   * Position of the newest committed event, even one a reader of `$all` cannot see yet (Postgres holds events
   * back behind older open transactions). Read-your-writes waits for this one.
   */
  lastCommittedPosition(): Promise<Position>;
  /** Resolves once the store answers; used by the readiness check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedVersion extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${stream} is at ${String(actual)}, expected ${String(expected)}`);
    this.name = 'WrongExpectedVersion';
  }
}

export class DuplicateEventId extends Error {
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} was already used for a different event`);
    this.name = 'DuplicateEventId';
  }
}
