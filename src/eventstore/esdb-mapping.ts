import { isDeepStrictEqual } from 'node:util';
import {
  ANY,
  CancelledError,
  DeadlineExceededError,
  NO_STREAM,
  NotLeaderError,
  START,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  jsonEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type ReadPosition,
  type RecordedEvent,
} from '@eventstore/db-client';
import {
  DuplicateEventId,
  ORIGIN,
  WrongExpectedVersion,
  type AppendResult,
  type EventMetadata,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type StoredEvent,
} from './types';

// How the EventStoreDB adapter (esdb.ts) translates between the port's events, positions and errors and those of
// @eventstore/db-client 6.2.1: pure functions, unit-tested without a server.

const POSITION_DIGITS = 20;
export const MIN_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

/** What the client yields from a stream or from `$all`: the event, and the commit position on newer servers. */
export interface ResolvedRecord {
  event?: RecordedEvent;
  commitPosition?: bigint;
}

// Our events are written over gRPC without explicit transactions, so every event has its own commit
// position (commit == prepare) and the commit alone identifies it.
export function formatPosition(commit: bigint): Position {
  return commit.toString().padStart(POSITION_DIGITS, '0') as Position;
}

/** The commit of a port position, or undefined for the origin (read from the start). */
export function commitOf(position: Position | undefined): bigint | undefined {
  if (position === undefined || position === ORIGIN) return undefined;
  if (!/^\d{1,20}$/.test(position)) throw new Error(`Not an EventStoreDB event-store position: ${position}`);
  const commit = BigInt(position);
  return commit === 0n ? undefined : commit;
}

export function readPositionAt(commit: bigint | undefined): ReadPosition {
  return commit === undefined ? START : { commit, prepare: commit };
}

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return expected;
}

export function isSystemEvent(event: RecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

export function positionOf(resolved: ResolvedRecord): bigint | undefined {
  return resolved.event?.position?.commit ?? resolved.commitPosition;
}

function metadataOf(event: RecordedEvent): EventMetadata {
  // The client has already parsed JSON metadata; it hands back bytes only when they are not JSON.
  const metadata: unknown = event.metadata;
  if (typeof metadata !== 'object' || metadata === null || metadata instanceof Uint8Array || Array.isArray(metadata)) {
    throw new Error(`Event ${event.id} in ${event.streamId} has no JSON metadata object`);
  }
  return metadata as EventMetadata;
}

/** A port event as the record the client appends: JSON data and metadata, under the writer's id. */
export function toEsdbEvent({ id, type, data, metadata }: NewEvent): EventData {
  return jsonEvent({ id, type, data: data as JSONType, metadata });
}

/** A record the client read as the port's stored event. */
export function toStoredEvent(resolved: ResolvedRecord): StoredEvent {
  const event = resolved.event;
  const commit = positionOf(resolved);
  if (!event) throw new Error('EventStoreDB returned a record without an event');
  if (commit === undefined) {
    throw new Error(`Event ${event.id} in ${event.streamId} has no position: EventStoreDB 22.6 or later is required`);
  }
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: metadataOf(event),
    stream: event.streamId,
    revision: event.revision,
    position: formatPosition(commit),
    // 6.2.1 already turns the server's .NET ticks into a Date.
    recordedAt: event.created,
  };
}

/** The value the data becomes once stored as JSON, to compare a retried event with the stored one. */
function asStoredJson(data: unknown): unknown {
  return JSON.parse(JSON.stringify(data));
}

/**
 * The append's answer from the batch read back after it: the stored events at the acknowledged revisions must be
 * the ones sent. ESDB treats a known id as a retry whatever the body; a different body is a different event.
 */
export function appendResultOf(stream: string, sent: NewEvent[], stored: StoredEvent[], lastRevision: bigint): AppendResult {
  sent.forEach((event, index) => {
    const kept = stored[index];
    if (kept?.id !== event.id) {
      throw new Error(`EventStoreDB acknowledged ${stream} up to ${lastRevision} but does not hold event ${event.id} there`);
    }
    if (kept.type !== event.type || !isDeepStrictEqual(kept.data, asStoredJson(event.data))) {
      throw new DuplicateEventId(event.id);
    }
  });
  return { nextRevision: lastRevision, position: stored[stored.length - 1].position };
}

/** The port's error for a failed append: a version conflict becomes WrongExpectedVersion, anything else stays. */
export function appendFailure(stream: string, expectedRevision: ExpectedRevision, error: unknown): unknown {
  if (error instanceof WrongExpectedVersionError) return new WrongExpectedVersion(stream, expectedRevision, error.actualVersion);
  return error;
}

/** Whether a read failed only because the stream does not exist (the port answers `no_stream` then). */
export function isStreamNotFound(error: unknown): boolean {
  return error instanceof StreamNotFoundError;
}

/**
 * Whether a subscription failed only because the connection or the node went (unavailable, cancelled or timed out by
 * the server, a new leader): the adapter subscribes again from its last event. Anything else (access denied, a
 * record it cannot read) is passed on.
 */
export function isTransientFailure(error: unknown): boolean {
  return [UnavailableError, CancelledError, DeadlineExceededError, TimeoutError, NotLeaderError].some((kind) => error instanceof kind);
}

/** The wait before subscribing again: doubling from `first` after each failure in a row, at most `max`. */
export function resubscribeDelay(failuresInARow: number, first: number, max: number): number {
  return Math.min(first * 2 ** Math.max(0, failuresInARow - 1), max);
}

export function pageSizeFor(limit: number): number {
  return Math.min(Math.max(limit + 1, MIN_PAGE_SIZE), MAX_PAGE_SIZE);
}
