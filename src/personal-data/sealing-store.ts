import type { EventStore, NewEvent, StoredEvent } from '../eventstore/types';
import type { PersonalData, PersonalFields, SubjectKey } from './personal-data';
import type { LookupKind } from './lookup';
import type { SubjectId } from './subjects';

/** The text every personal field reads as once its subject is erased. */
export const ERASED = '[erased]';

/**
 * Which fields of one event type are personal, whose key seals them, and what they read as once that key is
 * destroyed. Each module declares its own event types; the composition root gathers them.
 */
export interface PersonalFieldsOf {
  /** Each personal field of the event's data, with the value it reads as after erasure. */
  erasedAs: Readonly<Record<string, unknown>>;
  subject(data: Record<string, unknown>, stream: string): SubjectId;
  /** The email and phone the subject can be found by from now on (kept as keyed hashes, never in the event). */
  lookups?(data: Record<string, unknown>): Partial<Record<LookupKind, string | null>>;
}

export type PersonalDataDeclarations = Readonly<Record<string, PersonalFieldsOf>>;

/** The one field of a stored event that holds its personal fields, sealed. */
const ENVELOPE_FIELD = 'pii';

type Data = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Whether an event of a declared type holds personal data in clear. One with every personal field blank (no
 * note, a collection without a postcode) gets no envelope: no key, nothing to open on every replay.
 */
export function holdsPersonalData(declared: PersonalFieldsOf, data: Record<string, unknown>): boolean {
  return !(ENVELOPE_FIELD in data) && Object.keys(declared.erasedAs).some((name) => !isBlank(data[name]));
}

/** The sealed envelope a stored event of a declared type carries, if any (what an import must find keys for). */
export function sealedEnvelope(declarations: PersonalDataDeclarations, event: { type: string; data: unknown }): string | null {
  const envelope = (event.data as Data | null)?.[ENVELOPE_FIELD];
  return typeof envelope === 'string' && declarations[event.type] ? envelope : null;
}

/**
 * The event-store port with crypto-shredding around any adapter (Postgres or EventStoreDB): on append, the
 * declared personal fields of an event leave its data and go into one envelope under their subject's key,
 * a key committed before the append starts; on every read they come back out, or read as `[erased]` once
 * the key is destroyed. Folds, projections and mails therefore see today's shapes, while the stored
 * events hold no personal datum in clear. Events stored before this existed hold their fields in clear and
 * are read as they are.
 */
export function sealingEventStore(store: EventStore, personalData: PersonalData, declarations: PersonalDataDeclarations): EventStore {
  const seal = async (stream: string, events: NewEvent[]): Promise<NewEvent[]> => {
    const keys = new Map<SubjectId, Promise<SubjectKey>>();
    return Promise.all(
      events.map(async (event) => {
        const declared = declarations[event.type];
        if (!declared) return event;
        const data = event.data as Data;
        if (!holdsPersonalData(declared, data)) return event;
        const subject = declared.subject(data, stream);
        if (!keys.has(subject)) keys.set(subject, personalData.keyFor(subject));
        const personal: PersonalFields = {};
        const rest: Data = {};
        for (const [name, value] of Object.entries(data)) {
          if (name in declared.erasedAs) personal[name] = value as PersonalFields[string];
          else rest[name] = value;
        }
        rest[ENVELOPE_FIELD] = personalData.sealWith(await keys.get(subject)!, personal, event.id);
        if (declared.lookups) await personalData.rememberLookups(subject, declared.lookups(data));
        return { ...event, data: rest };
      }),
    );
  };

  const open = async (events: StoredEvent[]): Promise<StoredEvent[]> => {
    const sealed = events.flatMap((event, index) => {
      const envelope = (event.data as Data | null)?.[ENVELOPE_FIELD];
      return typeof envelope === 'string' && declarations[event.type] ? [{ index, envelope, context: event.id }] : [];
    });
    const blanked = events.some((event) => (event.data as Data | null)?.[ENVELOPE_FIELD] === null);
    if (sealed.length === 0 && !blanked) return events;
    const opened = sealed.length > 0 ? await personalData.openAll(sealed) : [];
    // `pii: null`: the one-time rewrite found the person already erased and stored the fields as "[erased]".
    const result = events.map((event) => {
      if ((event.data as Data | null)?.[ENVELOPE_FIELD] !== null) return event;
      const { [ENVELOPE_FIELD]: _blanked, ...rest } = event.data as Data;
      return { ...event, data: rest };
    });
    sealed.forEach(({ index }, n) => {
      const event = events[index];
      const { [ENVELOPE_FIELD]: _envelope, ...rest } = event.data as Data;
      const answer = opened[n];
      const personal = answer.kind === 'ok' ? answer.fields : declarations[event.type].erasedAs;
      result[index] = { ...event, data: { ...rest, ...personal } };
    });
    return result;
  };

  return {
    kind: store.kind,
    async append(stream, events, options) {
      return store.append(stream, await seal(stream, events), options);
    },
    async read(stream, options) {
      const result = await store.read(stream, options);
      return { ...result, events: await open(result.events) };
    },
    async readAll(options) {
      return open(await store.readAll(options));
    },
    subscribeAll(options) {
      return store.subscribeAll({ ...options, onEvent: async (event) => options.onEvent((await open([event]))[0]) });
    },
    headPosition: () => store.headPosition(),
    lastCommittedPosition: () => store.lastCommittedPosition(),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
