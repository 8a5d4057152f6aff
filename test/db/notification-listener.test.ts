import { NotificationListener, type WakeUp } from '../../src/db/notification-listener';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { until } from '../support/until';

/** Whether `wakeUp` has a wake-up waiting: it then answers before a macrotask could run. */
async function pending(wakeUp: WakeUp): Promise<boolean> {
  const controller = new AbortController();
  const answer = await Promise.race([
    wakeUp.next(60_000, controller.signal).then(() => true),
    new Promise<false>((resolve) => setImmediate(() => resolve(false))),
  ]);
  controller.abort();
  return answer;
}

describe('the NOTIFY a process sends for the other instances', () => {
  let database: TestDatabase;
  const listeners: NotificationListener[] = [];
  const listener = () => {
    const made = new NotificationListener(database.url, 'test_wake');
    listeners.push(made);
    return made;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(listeners.map((made) => made.close()));
    await database.drop();
  });

  it("wakes another process's subscribers, and not its own a second time through the echo", async () => {
    const ours = listener();
    const theirs = listener();
    const ourWakeUp = ours.subscribe();
    const theirWakeUp = theirs.subscribe();
    // Each listener wakes its subscribers once it is connected (whatever came meanwhile is found by reading).
    await ourWakeUp.next(10_000);
    await theirWakeUp.next(10_000);
    let theyWoke = false;
    void theirWakeUp.next(10_000).then(() => (theyWoke = true));
    let fellBack = false;
    // Postgres hands a session its own notification before the answer to its statement.
    await ours.notifyOthers(async () => (fellBack = true));
    expect(fellBack).toBe(false);
    await until(() => theyWoke, 'the other listener woken');
    expect(await pending(ourWakeUp)).toBe(false);
    // ... while the other's NOTIFY still wakes ours.
    await theirs.notifyOthers(async () => undefined);
    await until(async () => pending(ourWakeUp), 'our listener woken by the other');
  });

  it('sends the NOTIFY through the fallback before its connection is open', async () => {
    const early = listener();
    let fellBack = 0;
    await early.notifyOthers(async () => (fellBack += 1));
    expect(fellBack).toBe(1);
  });
});
