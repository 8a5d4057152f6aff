import { isDeepStrictEqual } from 'node:util';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AppendExpectedRevision,
  type JSONType,
  type ReadPosition,
  type ReadStreamOptions,
  type RecordedEvent,
} from '@eventstore/db-client';
import {
  DuplicateEventId,
  ORIGIN,
  WrongExpectedVersion,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadStreamResult,
  type StoredEvent,
  type SubscribeOptions,
} from './types';

const POSITION_DIGITS = 20;
const PING_TIMEOUT_MS = 3000;
const MIN_PAGE_SIZE = 100;
const MAX_PAGE_SIZE = 1000;

/** What the client yields from a stream or from `$all`: the event, and the commit position on newer servers. */
interface ResolvedRecord {
  event?: RecordedEvent;
  commitPosition?: bigint;
}

// Our events are written over gRPC without explicit transactions, so every event has its own commit
// position (commit == prepare) and the commit alone identifies it.
function formatPosition(commit: bigint): Position {
  return commit.toString().padStart(POSITION_DIGITS, '0') as Position;
}

function commitOf(position: Position | undefined): bigint | undefined {
  if (position === undefined || position === ORIGIN) return undefined;
  if (!/^\d{1,20}$/.test(position)) throw new Error(`Not an EventStoreDB event-store position: ${position}`);
  const commit = BigInt(position);
  return commit === 0n ? undefined : commit;
}

function readPositionAt(commit: bigint | undefined): ReadPosition {
  return commit === undefined ? START : { commit, prepare: commit };
}

function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return expected;
}

function isSystemEvent(event: RecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function positionOf(resolved: ResolvedRecord): bigint | undefined {
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

function toStoredEvent(resolved: ResolvedRecord): StoredEvent {
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

function pageSizeFor(limit: number): number {
  return Math.min(Math.max(limit + 1, MIN_PAGE_SIZE), MAX_PAGE_SIZE);
}

/**
 * The EventStoreDB adapter of the event-store port (`@eventstore/db-client` 6.2.1).
 *
 * Positions are the commit position as 20 zero-padded digits. System events (`$` types and `$` streams)
 * never leave the adapter. An append reads its batch back: that gives the exact position of the batch's
 * last event and detects an event id reused with a different body (ESDB itself only compares ids).
 *
 * @param connectionString `esdb://host:2113?tls=false` for an insecure node; see the client's docs for TLS.
 */
export function createEsdbEventStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);

  async function readStreamEvents(stream: string, options: ReadStreamOptions): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    // A missing stream throws StreamNotFoundError from inside this loop, not from readStream().
    for await (const resolved of client.readStream(stream, options)) {
      events.push(toStoredEvent(resolved));
    }
    return events;
  }

  async function lastRevisionOf(stream: string): Promise<bigint | 'no_stream'> {
    try {
      const [last] = await readStreamEvents(stream, { fromRevision: END, direction: BACKWARDS, maxCount: 1 });
      return last ? last.revision : 'no_stream';
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 'no_stream';
      throw error;
    }
  }

  async function storedBatch(stream: string, sent: NewEvent[], lastRevision: bigint): Promise<AppendResult> {
    const firstRevision = lastRevision - BigInt(sent.length - 1);
    const stored = await readStreamEvents(stream, { fromRevision: firstRevision, direction: FORWARDS, maxCount: sent.length });
    sent.forEach((event, index) => {
      const kept = stored[index];
      if (kept?.id !== event.id) {
        throw new Error(`EventStoreDB acknowledged ${stream} up to ${lastRevision} but does not hold event ${event.id} there`);
      }
      // ESDB treats a known id as a retry whatever the body; a different body is a different event.
      if (kept.type !== event.type || !isDeepStrictEqual(kept.data, asStoredJson(event.data))) {
        throw new DuplicateEventId(event.id);
      }
    });
    return { nextRevision: lastRevision, position: stored[stored.length - 1].position };
  }

  async function append(
    stream: string,
    events: NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('Nothing to append');
    let lastRevision: bigint;
    try {
      const result = await client.appendToStream(
        stream,
        events.map(({ id, type, data, metadata }) => jsonEvent({ id, type, data: data as JSONType, metadata })),
        { expectedRevision: toEsdbExpectedRevision(expectedRevision) },
      );
      lastRevision = result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedVersion(stream, expectedRevision, error.actualVersion);
      }
      throw error;
    }
    // The append answer's position is not used: it may be missing (idempotent writes), and for a batch
    // the server may report the transaction's position, that of the first event rather than the last.
    return storedBatch(stream, events, lastRevision);
  }

  async function read(
    stream: string,
    { fromRevision, maxCount }: { fromRevision?: bigint; maxCount?: number } = {},
  ): Promise<ReadStreamResult> {
    let events: StoredEvent[] = [];
    try {
      if (maxCount === undefined || maxCount > 0) {
        events = await readStreamEvents(stream, { fromRevision: fromRevision ?? START, direction: FORWARDS, maxCount });
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { revision: 'no_stream', events: [] };
      throw error;
    }
    const readToTheEnd = events.length > 0 && (maxCount === undefined || events.length < maxCount);
    // Reading the whole stream keeps revision and events from the same read, so a caller that folds
    // them and appends with that revision cannot miss an event.
    const revision = readToTheEnd ? events[events.length - 1].revision : await lastRevisionOf(stream);
    return { revision, events };
  }

  async function readAll({ after, limit }: { after?: Position; limit: number }): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    let lastSeen = commitOf(after);
    const pageSize = pageSizeFor(limit);
    // readAll has no server-side filter in 6.2.1 and system events count towards maxCount, so read
    // whole pages until enough of our events arrived; a drained page needs no cancel.
    while (events.length < limit) {
      const pageStart = lastSeen;
      let pageLength = 0;
      for await (const resolved of client.readAll({ fromPosition: readPositionAt(lastSeen), maxCount: pageSize })) {
        pageLength += 1;
        const commit = positionOf(resolved);
        // fromPosition is inclusive: the event at `after` (or at the previous page's end) comes again.
        if (!resolved.event || commit === undefined || (lastSeen !== undefined && commit <= lastSeen)) continue;
        lastSeen = commit;
        if (events.length < limit && !isSystemEvent(resolved.event)) events.push(toStoredEvent(resolved));
      }
      if (pageLength < pageSize || lastSeen === pageStart) break;
    }
    return events;
  }

  async function subscribeAll({ after, onEvent, signal }: SubscribeOptions): Promise<void> {
    if (signal.aborted) return;
    const afterCommit = commitOf(after);
    // fromPosition is exclusive here, unlike readAll.
    const subscription = client.subscribeToAll({ fromPosition: readPositionAt(afterCommit), filter: excludeSystemEvents() });
    // unsubscribe() fails only when the call never started, and the loop below reports that already.
    const unsubscribe = () => subscription.unsubscribe().catch(() => undefined);
    const stop = () => {
      // destroy() ends the loop below even if the cancelled call never signals its end.
      void unsubscribe().then(() => subscription.destroy());
    };
    signal.addEventListener('abort', stop, { once: true });
    try {
      for await (const resolved of subscription) {
        if (signal.aborted) break;
        const commit = positionOf(resolved);
        if (!resolved.event || isSystemEvent(resolved.event)) continue;
        if (afterCommit !== undefined && commit !== undefined && commit <= afterCommit) continue;
        await onEvent(toStoredEvent(resolved));
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    } finally {
      signal.removeEventListener('abort', stop);
      await unsubscribe();
    }
  }

  async function headPosition(): Promise<Position> {
    let from: ReadPosition = END;
    for (;;) {
      let pageLength = 0;
      let newestUserEvent: bigint | undefined;
      let oldestSeen: bigint | undefined;
      for await (const resolved of client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: MIN_PAGE_SIZE })) {
        pageLength += 1;
        const commit = positionOf(resolved);
        if (!resolved.event || commit === undefined) continue;
        oldestSeen = commit;
        if (newestUserEvent === undefined && !isSystemEvent(resolved.event)) newestUserEvent = commit;
      }
      if (newestUserEvent !== undefined) return formatPosition(newestUserEvent);
      if (pageLength < MIN_PAGE_SIZE || oldestSeen === undefined) return ORIGIN;
      from = readPositionAt(oldestSeen);
    }
  }

  async function ping(): Promise<void> {
    // Streaming reads carry no gRPC deadline (the client sets an infinite one), so bound it here.
    const probe = client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        probe.cancel().catch(() => undefined);
        reject(new Error(`EventStoreDB did not answer within ${PING_TIMEOUT_MS} ms`));
      }, PING_TIMEOUT_MS);
    });
    const drain = async () => {
      for await (const _ of probe) {
        // only the answer matters
      }
    };
    try {
      await Promise.race([drain(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: 'esdb',
    append,
    read,
    readAll,
    subscribeAll,
    headPosition,
    // EventStoreDB shows every committed event to readers of $all at once: nothing is held back.
    lastCommittedPosition: headPosition,
    ping,
    close: () => client.dispose(),
  };
}
