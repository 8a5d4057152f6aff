import type { EventStore } from '../../src/eventstore/types';
import type { PersonalDataDeclarations } from '../../src/personal-data';
import { londonDateTimeText } from '../../src/shared/london-time';
import type { StreamCategory, StreamPage, StreamSummary } from '../../src/shared/order-timeline';
import { maskedData } from './timeline';

/** What the stream browser reads besides the event store: the audit log's one row per event. */
export interface StreamIndex {
  categories(): Promise<StreamCategory[]>;
  /** Streams of a category in name order, after `after` (exclusive), at most `limit`. */
  streams(category: string, after: string | undefined, limit: number): Promise<StreamSummary[]>;
}

export interface StreamPageQuery {
  direction: 'forwards' | 'backwards';
  /** Exclusive: the page starts after (forwards) or before (backwards) this revision. */
  from?: number;
  limit: number;
  type?: string;
  /** ISO instants, inclusive: the events decided in this time. */
  since?: string;
  until?: string;
}


/**
 * The stream browser for admins (issue 40 item 2): categories, the streams of one, and one stream read forwards
 * or backwards a page at a time, filtered by event type and time. Read-only; personal fields always masked.
 * A stream is read whole and paged here, so both event-store adapters page alike; a stream is at most a dish's
 * history of holds and sales.
 */
export function createStreamBrowser(deps: { store: EventStore; index: StreamIndex; personalFields: PersonalDataDeclarations }) {
  return {
    categories: () => deps.index.categories(),
    streams: (category: string, after: string | undefined, limit: number) => deps.index.streams(category, after, limit),
    async page(stream: string, query: StreamPageQuery): Promise<StreamPage> {
      const { events } = await deps.store.read(stream);
      const since = query.since ? Date.parse(query.since) : -Infinity;
      const until = query.until ? Date.parse(query.until) : Infinity;
      const chosen = events.filter((event) => {
        const at = Date.parse(event.metadata.at);
        return (!query.type || event.type === query.type) && at >= since && at <= until;
      });
      const ordered = query.direction === 'forwards' ? chosen : [...chosen].reverse();
      const after = ordered.filter((event) => query.from === undefined || (query.direction === 'forwards' ? Number(event.revision) > query.from : Number(event.revision) < query.from));
      const page = after.slice(0, query.limit);
      return {
        stream,
        events: page.map((event) => ({
          revision: Number(event.revision),
          position: event.position,
          type: event.type,
          at: event.metadata.at,
          time: londonDateTimeText(event.metadata.at),
          data: maskedData(event.type, event.data, deps.personalFields),
          metadata: event.metadata,
        })),
        next: after.length > query.limit ? Number(page[page.length - 1].revision) : null,
      };
    },
  };
}

export type StreamBrowser = ReturnType<typeof createStreamBrowser>;
