import { pause } from '../core/pause';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  excludeSystemEvents,
  type ReadPosition,
  type ReadStreamOptions,
} from '@eventstore/db-client';
import {
  MIN_PAGE_SIZE,
  appendFailure,
  appendResultOf,
  commitOf,
  formatPosition,
  isStreamNotFound,
  isSystemEvent,
  isTransientFailure,
  pageSizeFor,
  positionOf,
  readPositionAt,
  resubscribeDelay,
  toEsdbEvent,
  toEsdbExpectedRevision,
  toStoredEvent,
} from './esdb-mapping';
import {
  ORIGIN,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadStreamResult,
  type StoredEvent,
  type SubscribeOptions,
} from './types';

const PING_TIMEOUT_MS = 3000;
const FIRST_RESUBSCRIBE_DELAY_MS = 100;
const MAX_RESUBSCRIBE_DELAY_MS = 5000;

/** A failure of the subscriber's own handler: passed on as it is, never taken for a dropped connection. */
class HandlerFailure {
  constructor(readonly error: unknown) {}
}

/**
 * The EventStoreDB adapter of the event-store port (`@eventstore/db-client` 6.2.1).
 *
 * Positions are the commit position as 20 zero-padded digits. System events (`$` types and `$` streams)
 * never leave the adapter. An append reads its batch back: that gives the exact position of the batch's
 * last event and detects an event id reused with a different body (ESDB itself only compares ids).
 *
 * A subscription the server drops (the node goes, restarts or changes leader) is made again from the last event
 * delivered, after a short wait that doubles while it keeps failing: the subscriber sees every event once, in order.
 *
 * @param connectionString `esdb://host:2113?tls=false` for an insecure node; see the client's docs for TLS.
 */
export function createEsdbEventStore(
  connectionString: string,
  options: { firstResubscribeDelayMs?: number; maxResubscribeDelayMs?: number } = {},
): EventStore {
  const firstDelay = options.firstResubscribeDelayMs ?? FIRST_RESUBSCRIBE_DELAY_MS;
  const maxDelay = options.maxResubscribeDelayMs ?? MAX_RESUBSCRIBE_DELAY_MS;
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
      if (isStreamNotFound(error)) return 'no_stream';
      throw error;
    }
  }

  async function storedBatch(stream: string, sent: NewEvent[], lastRevision: bigint): Promise<AppendResult> {
    const firstRevision = lastRevision - BigInt(sent.length - 1);
    const stored = await readStreamEvents(stream, { fromRevision: firstRevision, direction: FORWARDS, maxCount: sent.length });
    return appendResultOf(stream, sent, stored, lastRevision);
  }

  async function append(
    stream: string,
    events: NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('Nothing to append');
    let lastRevision: bigint;
    try {
      const result = await client.appendToStream(stream, events.map(toEsdbEvent), {
        expectedRevision: toEsdbExpectedRevision(expectedRevision),
      });
      lastRevision = result.nextExpectedRevision;
    } catch (error) {
      throw appendFailure(stream, expectedRevision, error);
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
      if (isStreamNotFound(error)) return { revision: 'no_stream', events: [] };
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

  /** One subscription from `afterCommit` (exclusive) until it ends, fails or the signal aborts. */
  async function subscribeOnce(afterCommit: bigint | undefined, deliver: (event: StoredEvent, commit: bigint) => Promise<void>, signal: AbortSignal): Promise<void> {
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
        if (!resolved.event || isSystemEvent(resolved.event) || commit === undefined) continue;
        if (afterCommit !== undefined && commit <= afterCommit) continue;
        await deliver(toStoredEvent(resolved), commit);
      }
    } finally {
      signal.removeEventListener('abort', stop);
      await unsubscribe();
    }
  }

  async function subscribeAll({ after, onEvent, signal }: SubscribeOptions): Promise<void> {
    let last = commitOf(after);
    let failuresInARow = 0;
    const deliver = async (event: StoredEvent, commit: bigint) => {
      try {
        await onEvent(event);
      } catch (error) {
        throw new HandlerFailure(error);
      }
      last = commit;
      failuresInARow = 0;
    };
    while (!signal.aborted) {
      try {
        await subscribeOnce(last, deliver, signal);
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof HandlerFailure) throw error.error;
        if (!isTransientFailure(error)) throw error;
      }
      if (signal.aborted) return;
      // The server ended the subscription, or the connection went: again from the last event delivered.
      failuresInARow += 1;
      await pause(resubscribeDelay(failuresInARow, firstDelay, maxDelay), signal);
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
