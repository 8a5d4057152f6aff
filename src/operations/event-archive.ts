import { ORIGIN, type EventStore, type NewEvent, type Position } from '../eventstore/types';
import { ArchiveRefused, archiveRecords, verifyArchive, writeArchive, type ArchiveManifest } from './archive';

export const EVENTS_FORMAT = 'takeaway-shop events 1';

/** One line of an export: an event exactly as the adapter stores it (sealed personal fields stay ciphertext). */
export interface ExportedEvent {
  stream: string;
  revision: string;
  id: string;
  type: string;
  data: unknown;
  metadata: NewEvent['metadata'];
  recordedAt: string;
}

/** `order-<id>` → `order`: the manifest counts events per stream category. */
export const streamCategory = (stream: string): string => stream.split('-', 1)[0];

const PAGE = 500;

/**
 * Every event of `store`, in commit order, into `file`. `store` is the adapter beneath the personal-data sealing
 * and the event versioning, so the file holds what is stored, never a decrypted or upcast field.
 */
export async function exportEvents(store: EventStore, file: string): Promise<ArchiveManifest> {
  async function* records() {
    let after: Position = ORIGIN;
    for (;;) {
      const page = await store.readAll({ after, limit: PAGE });
      if (page.length === 0) return;
      for (const event of page) {
        const record: ExportedEvent = {
          stream: event.stream,
          revision: event.revision.toString(),
          id: event.id,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          recordedAt: event.recordedAt.toISOString(),
        };
        yield { category: streamCategory(event.stream), record };
      }
      after = page[page.length - 1].position;
    }
  }
  return writeArchive(file, { format: EVENTS_FORMAT, records: records() });
}

function asEvent(record: unknown): ExportedEvent {
  const event = record as Partial<ExportedEvent> | null;
  const valid =
    typeof event === 'object' && event !== null &&
    typeof event.stream === 'string' && typeof event.id === 'string' && typeof event.type === 'string' &&
    typeof event.revision === 'string' && /^\d+$/.test(event.revision) && typeof event.metadata === 'object' && 'data' in event;
  if (!valid) throw new ArchiveRefused('A line of the file is not an exported event.');
  return event as ExportedEvent;
}

async function* exportedEvents(file: string): AsyncGenerator<ExportedEvent> {
  for await (const record of archiveRecords(file)) yield asEvent(record);
}

/**
 * Loads an export into a shop that has no event yet: checks the whole file first (manifest, checksum, each
 * stream's revisions counting up from 0), then, before any event, `beforeAppend` with every event (the sealing
 * layer's chance to note the keys the file does not carry), then appends each run of one stream's events with
 * its revisions as they were, in the file's order. Refuses with a plain sentence and writes nothing otherwise.
 */
export async function importEvents(
  store: EventStore,
  file: string,
  options: { beforeAppend?(events: AsyncIterable<ExportedEvent>): Promise<void> } = {},
): Promise<ArchiveManifest> {
  const next = new Map<string, bigint>();
  const manifest = await verifyArchive(file, {
    format: EVENTS_FORMAT,
    categoryOf: (record) => streamCategory(asEvent(record).stream),
    check(record) {
      const event = asEvent(record);
      const expected = next.get(event.stream) ?? 0n;
      if (BigInt(event.revision) !== expected) {
        throw new ArchiveRefused(`Stream ${event.stream} jumps from revision ${expected} to ${event.revision}: the file is not a whole export.`);
      }
      next.set(event.stream, expected + 1n);
    },
  });
  if ((await store.lastCommittedPosition()) !== ORIGIN) {
    throw new ArchiveRefused('This shop already has events: an export is imported only into a new, empty shop.');
  }
  if (options.beforeAppend) await options.beforeAppend(exportedEvents(file));
  let run: ExportedEvent[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    const first = BigInt(run[0].revision);
    const events: NewEvent[] = run.map(({ id, type, data, metadata }) => ({ id, type, data, metadata }));
    await store.append(run[0].stream, events, { expectedRevision: first === 0n ? 'no_stream' : first - 1n });
    run = [];
  };
  for await (const event of exportedEvents(file)) {
    if (run.length > 0 && (run[0].stream !== event.stream || run.length >= PAGE)) await flush();
    run.push(event);
  }
  await flush();
  return manifest;
}
