import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { CommandHandler } from '../../src/core/handle-command';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { createPostgresEventStore, type PostgresEventStore } from '../../src/eventstore/postgres';
import { WrongExpectedVersion, type EventStore } from '../../src/eventstore/types';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { minutes, pendingTimers, T0, tabs, testClock, until } from './support/helpers';
import { processInstance } from './support/instance';

describe('the process manager with durable timers', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let pool: DatabasePool;
  const stops: Array<() => Promise<void>> = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ url: database.url, pollIntervalMs: 20 });
    pool = await createDatabasePool(database.url);
  });
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    await store.close();
    await pool.end();
    await database.drop();
  });

  async function started(clock: () => Date, options: Parameters<typeof processInstance>[0]['options'] = {}, deps: { store?: EventStore } = {}) {
    const instance = processInstance({ store: deps.store ?? store, pool, databaseUrl: database.url, clock, options });
    stops.push(() => instance.stop());
    await instance.manager.start();
    return instance;
  }

  it('fires a timer that fell due while the shop was down once on start, after the events stored meanwhile', async () => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const [unpaid, later, paidWhileDown] = [randomUUID(), randomUUID(), randomUUID()];
    const first = await started(time.clock);
    await shop.open(unpaid);
    await shop.open(paidWhileDown);
    time.set(T0 + minutes(10));
    await shop.open(later);
    await until(async () => (await pendingTimers(pool)) === 3, 'three lapse timers');
    await first.stop();

    // Down from 18:10 to 18:25: one tab is paid meanwhile; the lapse of two tabs (18:20) falls due.
    time.set(T0 + minutes(12));
    await shop.pay(paidWhileDown);
    time.set(T0 + minutes(25));
    const second = await started(time.clock);
    await until(async () => (await shop.finished(unpaid)) && (await shop.finished(paidWhileDown)), 'the due timer and the payment');
    for (let pass = 0; pass < 3; pass++) await second.manager.runDue();

    expect(await shop.lapses(unpaid)).toBe(1);
    expect(await shop.decided(unpaid)).toEqual({ timers: 1, commands: 1, answers: 1 });
    expect(second.hooks.sends).toBe(1);
    // The payment stored while down was taken before the lapse due meanwhile: no lapse, the timer cancelled.
    expect(await shop.lapses(paidWhileDown)).toBe(0);
    expect((await shop.processEvents(paidWhileDown)).map((event) => event.type)).toEqual([
      'ProcessStarted', 'ProcessInputHandled', 'ProcessTimerSet', 'ProcessInputHandled', 'ProcessTimerCancelled', 'ProcessFinished',
    ]);
    // Not due until 18:30.
    expect(await shop.lapses(later)).toBe(0);
    time.set(T0 + minutes(30));
    await until(() => shop.finished(later), 'the later tab to lapse');
    expect(await shop.lapses(later)).toBe(1);
    await until(async () => (await pendingTimers(pool)) === 0, 'no timer left');
  });

  it('decides and sends each lapse once with two instances competing for 20 processes', async () => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const [here, there] = [await started(time.clock), await started(time.clock)];
    const ids = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all(ids.map((id) => shop.open(id)));
    await until(async () => (await pendingTimers(pool)) === 20, 'twenty lapse timers');

    time.set(T0 + minutes(21));
    let done = false;
    const hammer = async (instance: typeof here) => {
      while (!done) await instance.manager.runDue();
    };
    const hammering = [hammer(here), hammer(there), hammer(here), hammer(there)];
    await until(async () => (await Promise.all(ids.map((id) => shop.finished(id)))).every(Boolean), 'every tab to lapse');
    done = true;
    await Promise.all(hammering);

    for (const id of ids) {
      expect(await shop.lapses(id)).toBe(1);
      expect(await shop.decided(id)).toEqual({ timers: 1, commands: 1, answers: 1 });
    }
    expect(here.hooks.sends + there.hooks.sends).toBe(20);
  });

  it('lets one of two workers that took the same timer decide it: the other append fails on the expected revision', async () => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const tabId = randomUUID();
    const feeder = await started(time.clock);
    await shop.open(tabId);
    await until(async () => (await pendingTimers(pool)) === 1, 'the lapse timer');
    await feeder.stop();
    time.set(T0 + minutes(21));

    // No lease, and the first worker's append to the process stream held until the second has decided.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    let conflicts = 0;
    const gated: EventStore = {
      ...store,
      append: async (stream, events, options) => {
        if (stream.startsWith('process-')) {
          held = true;
          await gate;
        }
        return store.append(stream, events, options).catch((error) => {
          if (error instanceof WrongExpectedVersion) conflicts += 1;
          throw error;
        });
      },
    };
    const first = processInstance({ store: gated, pool, databaseUrl: database.url, clock: time.clock, options: { leaseSeconds: 0 } });
    const second = processInstance({ store, pool, databaseUrl: database.url, clock: time.clock, options: { leaseSeconds: 0 } });
    stops.push(() => first.stop(), () => second.stop());
    const firstPass = first.manager.runDue();
    await until(() => held, 'the first worker to decide');
    expect(await second.manager.runDue()).toBe(1);
    release();
    expect(await firstPass).toBe(1);

    expect(conflicts).toBe(1);
    expect(await shop.decided(tabId)).toEqual({ timers: 1, commands: 1, answers: 0 });
  });

  it('retries a command that failed, before and after its owner stored it, without a second effect', async () => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const tabId = randomUUID();
    const instance = await started(time.clock);
    const failed: string[] = [];
    const fail = (message: string) => {
      failed.push(message);
      throw new Error(message);
    };
    instance.hooks.beforeSend = async () => {
      if (instance.hooks.sends === 1) fail('connection reset');
    };
    instance.hooks.afterSend = async () => {
      if (instance.hooks.sends === 2) fail('answer lost');
    };
    await shop.open(tabId);
    await until(async () => (await pendingTimers(pool)) === 1, 'the lapse timer');

    time.set(T0 + minutes(21));
    await until(() => failed.length === 1, 'the first send');
    expect(await shop.lapses(tabId)).toBe(0);
    // Retried after 1 s, then 5 s, of the injected clock.
    time.set(T0 + minutes(21) + 1_000);
    await until(() => failed.length === 2, 'the second send');
    expect(await shop.lapses(tabId)).toBe(1);
    expect(await shop.finished(tabId)).toBe(false);
    time.set(T0 + minutes(21) + 6_000);
    await until(() => shop.finished(tabId), 'the process to finish');

    expect(instance.hooks.sends).toBe(3);
    expect(await shop.lapses(tabId)).toBe(1);
    expect(await shop.decided(tabId)).toEqual({ timers: 1, commands: 1, answers: 1 });
    await until(async () => (await pool.oneFirst(sql.unsafe`select count(*)::int from process_commands`)) === 0, 'no command left');
  });

  it('gives a refusal back to the process once, without retrying it', async () => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const tabId = randomUUID();
    const instance = await started(time.clock);
    await shop.open(tabId);
    await shop.hold(tabId);
    await until(async () => (await pendingTimers(pool)) === 1, 'the lapse timer');
    time.set(T0 + minutes(21));
    await until(() => shop.finished(tabId), 'the process to finish');
    time.set(T0 + minutes(60));
    for (let pass = 0; pass < 3; pass++) await instance.manager.runDue();

    expect(instance.hooks.sends).toBe(1);
    expect(await shop.lapses(tabId)).toBe(0);
    const answer = (await shop.processEvents(tabId)).find(
      (event) => event.type === 'ProcessInputHandled' && (event.data as { input: { kind: string } }).input.kind === 'refused',
    );
    expect(answer?.data).toMatchObject({ input: { reason: 'This tab is held by the kitchen', command: { type: 'LapseTab', tabId } } });
  });

  it('starts a new process kind from the events after its first start, not from history', async () => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const before = randomUUID();
    await shop.open(before);
    const instance = await started(time.clock);
    const after = randomUUID();
    const { position } = await shop.open(after);
    await instance.manager.waitFor(position!);
    await until(async () => (await pendingTimers(pool)) === 1, 'the lapse timer of the new tab');
    expect((await shop.processEvents(before)).length).toBe(0);
  });

  it('holds a waiting input back until it is due, and a withdrawing event removes it before any stream is written', async () => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const instance = processInstance({ store, pool, databaseUrl: database.url, clock: time.clock, waiting: true });
    stops.push(() => instance.stop());
    await instance.manager.start();
    const [paid, unpaid] = [randomUUID(), randomUUID()];
    await shop.open(paid);
    const { position } = await shop.open(unpaid);
    await instance.manager.waitFor(position!);
    expect(await waitingInputs(pool)).toEqual({ [paid]: 1, [unpaid]: 1 });

    time.set(T0 + minutes(10));
    expect(await instance.manager.runDue()).toBe(0);
    const payment = await shop.pay(paid);
    await instance.manager.waitFor(payment.position!);
    await until(async () => (await waitingInputs(pool))[paid] === undefined, 'the payment to withdraw the opening');
    await instance.manager.runDue(); // the payment itself reaches a process that does not exist: nothing to decide
    expect(await shop.processEvents(paid)).toEqual([]);
    expect(await shop.processEvents(unpaid)).toEqual([]);

    // At 18:20 the unpaid tab's opening is taken: the process starts, its timer is due at once, the tab lapses.
    time.set(T0 + minutes(20));
    await until(async () => (await shop.lapses(unpaid)) === 1, 'the unpaid tab to lapse');
    await until(() => shop.finished(unpaid), 'its process to finish');
    expect(await shop.decided(unpaid)).toEqual({ timers: 1, commands: 1, answers: 1 });
    expect(await shop.processEvents(paid)).toEqual([]);
    expect(await shop.lapses(paid)).toBe(0);
  });

  it('leaves an input that fell due before the withdrawing event to its process, which decides on it', async () => {
    const time = testClock();
    const shop = tabs(store, new CommandHandler(store), time.clock);
    const instance = processInstance({ store, pool, databaseUrl: database.url, clock: time.clock, waiting: true });
    stops.push(() => instance.stop());
    const late = randomUUID();
    await instance.manager.start();
    const { position } = await shop.open(late);
    await instance.manager.waitFor(position!);
    await instance.manager.stop(); // down while the opening falls due
    time.set(T0 + minutes(25));
    await shop.pay(late); // paid after it would have lapsed: the opening due at 18:20 stays
    expect(await waitingInputs(pool)).toEqual({ [late]: 1 });
    await instance.manager.start();
    await until(() => shop.finished(late), 'the process to take the opening and then the payment');
    // The opening started the process and set its timer; the payment, taken before the timer, finished it.
    expect(await shop.lapses(late)).toBe(0);
    expect(await shop.decided(late)).toEqual({ timers: 0, commands: 0, answers: 0 });
  });
});

/** Per process, the event inputs waiting in the queue. */
async function waitingInputs(pool: DatabasePool): Promise<Record<string, number>> {
  const rows = (await pool.any(sql.unsafe`
    select process_id, count(*)::int as count from process_inputs where timer_name is null group by process_id`)) as Array<{ process_id: string; count: number }>;
  return Object.fromEntries(rows.map((row) => [row.process_id, row.count]));
}
