import type { EventStore, NewEvent, StoredEvent } from './types';

/** An event's type and data: what a zod event schema parses and what an upcaster turns old into new. */
export interface EventBody {
  type: string;
  data: unknown;
}

/** Turns the stored shape of one changed event type into today's (one upcaster per changed event type). */
export type Upcaster = (event: EventBody) => EventBody;

export interface EventVersioning {
  /** Every event type the shop writes, with the schema its type and data must parse against. */
  schemas: ReadonlyMap<string, { parse(event: EventBody): unknown }>;
  /** By the stored type they read. */
  upcasters: Readonly<Record<string, Upcaster>>;
}

export class EventNotValid extends Error {
  override name = 'EventNotValid';
}

/**
 * The event-store port with event versioning around any adapter: every event read (a stream, `$all`, a live
 * subscription) passes through its type's upcaster, so folds and projections see today's shapes only; and,
 * when `validate` is on (everywhere but production), every event appended is parsed against its schema first,
 * so a command can never store an event its readers would not understand.
 */
export function versionedEventStore(store: EventStore, versioning: EventVersioning, options: { validate: boolean }): EventStore {
  const upcast = (event: StoredEvent): StoredEvent => {
    const upcaster = versioning.upcasters[event.type];
    if (!upcaster) return event;
    const { type, data } = upcaster({ type: event.type, data: event.data });
    return type === event.type && data === event.data ? event : { ...event, type, data };
  };
  const validate = (events: NewEvent[]) => {
    for (const event of events) {
      const schema = versioning.schemas.get(event.type);
      if (!schema) throw new EventNotValid(`No schema for event type ${event.type}`);
      try {
        schema.parse({ type: event.type, data: event.data });
      } catch (error) {
        throw new EventNotValid(`${event.type} does not match its schema: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  return {
    kind: store.kind,
    async append(stream, events, appendOptions) {
      if (options.validate) validate(events);
      return store.append(stream, events, appendOptions);
    },
    async read(stream, readOptions) {
      const result = await store.read(stream, readOptions);
      return { ...result, events: result.events.map(upcast) };
    },
    async readAll(readOptions) {
      return (await store.readAll(readOptions)).map(upcast);
    },
    subscribeAll(subscribeOptions) {
      return store.subscribeAll({ ...subscribeOptions, onEvent: (event) => subscribeOptions.onEvent(upcast(event)) });
    },
    headPosition: () => store.headPosition(),
    lastCommittedPosition: () => store.lastCommittedPosition(),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
