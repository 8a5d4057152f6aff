import { randomUUID } from 'node:crypto';
import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { CommandHandler } from '../../src/core/handle-command';
import { createPostgresEventStore, type PostgresEventStore } from '../../src/eventstore/postgres';
import type { EventStore } from '../../src/eventstore/types';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { until } from '../support/until';

/** A counter that refuses to go above its limit. */
type CounterEvent = { type: 'Added'; data: { by: number } };
const counter: Decider<{ add: number }, CounterEvent, number> = {
  initialState: 0,
  evolve: (total, event) => total + event.data.by,
  decide: ({ add }, total) => {
    if (total + add > 10) throw new DomainError('conflict', `only ${10 - total} left`);
    return [{ type: 'Added', data: { by: add } }];
  },
};

const context = () => ({ actor: 'system', now: '2026-11-20T19:00:00.000Z', correlationId: randomUUID() });

describe('command handler', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let appends: number;
  let counting: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ url: database.url });
    counting = {
      ...store,
      append: (...args) => {
        appends += 1;
        return store.append(...args);
      },
    };
  });
  beforeEach(() => {
    appends = 0;
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('appends the commands that queued behind one another together, each answered with its own events', async () => {
    const handler = new CommandHandler(counting);
    const stream = `counter-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => handler.handle(stream, counter, { add: 1 }, context())));
    expect(results.map((result) => result.events)).toEqual(Array.from({ length: 8 }, () => [{ type: 'Added', data: { by: 1 } }]));
    expect(results.map((result) => result.state)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(appends).toBeLessThan(8);
    const stored = await store.read(stream);
    expect(stored.events).toHaveLength(8);
    expect(new Set(stored.events.map((event) => event.metadata.correlationId)).size).toBe(8);
  });

  it('decides on the stored state when a stream thought new exists after all, reading it only then', async () => {
    const stream = `counter-${randomUUID()}`;
    await new CommandHandler(store).handle(stream, counter, { add: 7 }, context());
    let reads = 0;
    const handler = new CommandHandler({ ...counting, read: (...args) => ((reads += 1), store.read(...args)) });

    await expect(handler.handle(stream, counter, { add: 4 }, context(), { newStream: true })).rejects.toThrow('only 3 left');
    const added = await handler.handle(stream, counter, { add: 3 }, context(), { newStream: true });
    expect(added.state).toBe(10);
    expect(reads).toBe(1);
    expect((await store.read(stream)).events.map((event) => (event.data as { by: number }).by)).toEqual([7, 3]);

    const fresh = `counter-${randomUUID()}`;
    expect((await handler.handle(fresh, counter, { add: 2 }, context(), { newStream: true })).state).toBe(2);
    expect(reads).toBe(1);
  });

  it('reads what another instance appended before refusing on a kept state (issue 42)', async () => {
    const stream = `counter-${randomUUID()}`;
    const here = new CommandHandler(store);
    const elsewhere = new CommandHandler(store);
    // Other instances are alive (the registry would say so): kept states are checked.
    here.setKeptReadCheck(async () => undefined);
    await here.handle(stream, counter, { add: 8 }, context());
    await elsewhere.handle(stream, counter, { add: -5 }, context());
    // Kept here: 8, so 5 more would pass 10; stored: 3.
    expect((await here.handle(stream, counter, { add: 5 }, context())).state).toBe(8);
    await expect(here.handle(stream, counter, { add: 5 }, context())).rejects.toThrow('only 2 left');
  });

  it('serves a kept state, while other instances write, only after the kept-read check (issue 42)', async () => {
    const stream = `counter-${randomUUID()}`;
    const here = new CommandHandler(store);
    const elsewhere = new CommandHandler(store);
    await here.handle(stream, counter, { add: 2 }, context());
    const appended = await elsewhere.handle(stream, counter, { add: 3 }, context());
    expect(await here.load(stream, counter)).toBe(2);
    // The check hears of the other instance's append (as the subscription to $all would), which drops the kept state.
    here.setKeptReadCheck(async () => void here.noteStored({ stream, revision: appended.revision as bigint }));
    expect(await here.load(stream, counter)).toBe(5);
  });

  it('refuses one command without failing the others appended with it', async () => {
    const handler = new CommandHandler(counting);
    const stream = `counter-${randomUUID()}`;
    const outcomes = await Promise.allSettled([4, 4, 4, 2].map((add) => handler.handle(stream, counter, { add }, context())));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect(await handler.load(stream, counter)).toBe(10);
    expect((await store.read(stream)).events.map((event) => (event.data as { by: number }).by)).toEqual([4, 4, 2]);
  });

  it('lets a load see every command queued before it', async () => {
    const handler = new CommandHandler(counting);
    const stream = `counter-${randomUUID()}`;
    const first = handler.handle(stream, counter, { add: 3 }, context());
    const seen = handler.load(stream, counter);
    const second = handler.handle(stream, counter, { add: 5 }, context());
    expect(await seen).toBe(3);
    await Promise.all([first, second]);
    expect(await handler.load(stream, counter)).toBe(8);
  });

  it('answers every queued command when folding one of them throws', async () => {
    type Event = { type: 'Added' | 'Unreadable'; data: { by: number } };
    const fragile: Decider<{ add: number }, Event, number> = {
      initialState: 0,
      evolve: (total, event) => {
        if (event.type === 'Unreadable') throw new TypeError('cannot fold this event');
        return total + event.data.by;
      },
      decide: ({ add }) => [{ type: add === 13 ? 'Unreadable' : 'Added', data: { by: add } }],
    };
    const handler = new CommandHandler(counting);
    const stream = `fragile-${randomUUID()}`;
    const first = handler.handle(stream, fragile, { add: 1 }, context());
    // Both queue while the first is appended, so they are decided together.
    const [bad, innocent] = await Promise.allSettled([
      handler.handle(stream, fragile, { add: 13 }, context()),
      handler.handle(stream, fragile, { add: 2 }, context()),
    ]);
    await first;
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason).toBeInstanceOf(TypeError);
    expect(innocent).toMatchObject({ status: 'fulfilled', value: { state: 3 } });
    expect((await store.read(stream)).events.map((event) => event.type)).toEqual(['Added', 'Added']);
  });

  it('decides again on what another writer stored meanwhile', async () => {
    const stream = `counter-${randomUUID()}`;
    const here = new CommandHandler(counting);
    const elsewhere = new CommandHandler(store);
    await here.handle(stream, counter, { add: 6 }, context());
    await elsewhere.handle(stream, counter, { add: 3 }, context());
    // `here` still holds 6; its append conflicts, it reads the 3 and then refuses 2 of the 3 it is asked for.
    await expect(here.handle(stream, counter, { add: 3 }, context())).rejects.toThrow('only 1 left');
    expect(await here.handle(stream, counter, { add: 1 }, context())).toMatchObject({ state: 10 });
  });

  it('forgets every kept state when the events read otherwise now (an erasure), and keeps none folded before it', async () => {
    // The events as the store answers them: `erased` as the sealing store reads a person whose key is gone.
    let erased = false;
    let reads = 0;
    let gate: Promise<void> | undefined;
    const reading: EventStore = {
      ...store,
      read: async (...args) => {
        reads += 1;
        const answer = await store.read(...args);
        await gate;
        return erased ? { ...answer, events: answer.events.map((event) => ({ ...event, data: { by: 0 } })) } : answer;
      },
    };
    const stream = `counter-${randomUUID()}`;
    const handler = new CommandHandler(reading);
    await handler.handle(stream, counter, { add: 3 }, context());
    expect(await handler.load(stream, counter)).toBe(3);
    erased = true;
    expect(await handler.load(stream, counter)).toBe(3); // kept: what the erasure must not leave
    handler.forgetStates();
    expect(await handler.load(stream, counter)).toBe(0);

    // A load folded before the erasure and answered after it serves its caller, and is not kept.
    const other = `counter-${randomUUID()}`;
    erased = false;
    await new CommandHandler(store).handle(other, counter, { add: 4 }, context());
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const folding = handler.load(other, counter);
    await until(() => reads === 3, 'the load to read the stream');
    handler.forgetStates();
    open();
    expect(await folding).toBe(4);
    gate = undefined;
    erased = true;
    expect(await handler.load(other, counter)).toBe(0);
    expect(reads).toBe(4);
  });
});
