import { randomUUID } from 'node:crypto';

/**
 * The fake EventStoreDB's transaction log, in memory: every record in `$all` order, each stream's records by
 * revision, and the server's rules for an append (expected revision, idempotent retries by event id). No gRPC here.
 */

export interface ProposedRecord {
  id: string;
  /** The client's metadata map: `type` and `content-type`. */
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

export interface LogRecord extends ProposedRecord {
  stream: string;
  revision: bigint;
  /** Byte offset in the log, as the real server's; every event written over gRPC has commit == prepare. */
  position: bigint;
  /** .NET ticks (100 ns) since the Unix epoch, as the server sends `created`. */
  createdTicks: bigint;
}

export type Expected = { kind: 'any' } | { kind: 'no_stream' } | { kind: 'stream_exists' } | { kind: 'revision'; revision: bigint };

export type AppendOutcome =
  | { kind: 'success'; currentRevision: bigint; position: bigint }
  | { kind: 'wrong_expected_version'; currentRevision: bigint | 'no_stream' }
  | { kind: 'stream_deleted' };

/** A record's size in the log, roughly as the real server's prepare record: a header, the names, the bodies. */
function recordSize(record: ProposedRecord, stream: string): bigint {
  return BigInt(64 + Buffer.byteLength(stream) + Buffer.byteLength(record.type) + record.data.length + record.customMetadata.length);
}

/**
 * The events an append retries, if they are already the stream's (EventStoreDB compares ids only): with a known
 * revision, the ones after it; with `any`, the first sent anywhere in the stream and the rest right after it.
 * `partial` when only some are there: the server refuses that as a version conflict.
 */
function retried(records: LogRecord[], sent: ProposedRecord[], expected: Expected): 'none' | 'partial' | LogRecord[] {
  let start: number;
  if (expected.kind === 'revision') start = Number(expected.revision) + 1;
  else if (expected.kind === 'no_stream') start = 0;
  else start = records.findIndex((record) => record.id === sent[0].id);
  if (start < 0 || start >= records.length || records[start].id !== sent[0].id) return 'none';
  const kept = records.slice(start, start + sent.length);
  return kept.length === sent.length && kept.every((record, index) => record.id === sent[index].id) ? kept : 'partial';
}

export class FakeLog {
  readonly all: LogRecord[] = [];
  private readonly streams = new Map<string, LogRecord[]>();
  private readonly tombstoned = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private nextPosition = 0n;

  constructor(private readonly now: () => number = Date.now) {
    // A new node's log opens with the server's own records, as a real one's does; readers must skip them.
    this.append('$settings', [systemRecord('$settings', { $userStreamAcl: {}, $systemStreamAcl: {} })], { kind: 'any' });
    this.append('$user-admin', [systemRecord('$UserCreated', { loginName: 'admin', fullName: 'Event Store Administrator' })], { kind: 'any' });
  }

  /** The stream's records by revision; empty when it does not exist. */
  stream(name: string): LogRecord[] {
    return this.streams.get(name) ?? [];
  }

  isTombstoned(name: string): boolean {
    return this.tombstoned.has(name);
  }

  /** Deletes a stream for good, as `tombstoneStream` does: reads and appends are refused from now on. */
  tombstone(name: string): void {
    this.tombstoned.add(name);
  }

  /** Calls `listener` after every append; returns the unsubscribe. */
  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  append(stream: string, sent: ProposedRecord[], expected: Expected): AppendOutcome {
    if (this.tombstoned.has(stream)) return { kind: 'stream_deleted' };
    const records = this.stream(stream);
    const current = records.length === 0 ? 'no_stream' : BigInt(records.length - 1);
    if (sent.length > 0) {
      const again = retried(records, sent, expected);
      if (again === 'partial') return { kind: 'wrong_expected_version', currentRevision: current };
      if (again !== 'none') return { kind: 'success', currentRevision: again[again.length - 1].revision, position: again[0].position };
    }
    const conflict =
      (expected.kind === 'no_stream' && current !== 'no_stream') ||
      (expected.kind === 'stream_exists' && current === 'no_stream') ||
      (expected.kind === 'revision' && current !== expected.revision);
    if (conflict) return { kind: 'wrong_expected_version', currentRevision: current };
    if (sent.length === 0) return { kind: 'success', currentRevision: current === 'no_stream' ? -1n : current, position: this.nextPosition };
    const createdTicks = BigInt(this.now()) * 10_000n;
    const written = sent.map((record, index) => {
      const position = this.nextPosition;
      this.nextPosition += recordSize(record, stream);
      return { ...record, stream, revision: BigInt(records.length + index), position, createdTicks };
    });
    this.streams.set(stream, [...records, ...written]);
    this.all.push(...written);
    for (const listener of this.listeners) listener();
    // The server answers a write with its transaction's position: that of its first event.
    return { kind: 'success', currentRevision: written[written.length - 1].revision, position: written[0].position };
  }

  /** Index in `$all` of the first record at or after `position`. */
  indexAtOrAfter(position: bigint): number {
    let low = 0;
    let high = this.all.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.all[middle].position < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function systemRecord(type: string, data: unknown): ProposedRecord {
  return { id: randomUUID(), type, contentType: 'application/json', data: Buffer.from(JSON.stringify(data)), customMetadata: new Uint8Array() };
}
