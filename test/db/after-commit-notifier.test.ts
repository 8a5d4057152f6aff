import { AfterCommitNotifier } from '../../src/db/notification-listener';
import { until } from '../support/until';

describe('the NOTIFY sent after appends', () => {
  it('folds a burst of pokes into few NOTIFYs spaced by the gap, and always sends one after the last poke', async () => {
    let sent = 0;
    let woken = 0;
    let release!: () => void;
    const firstSend = new Promise<void>((resolve) => (release = resolve));
    const notifier = new AfterCommitNotifier(
      async () => {
        sent += 1;
        if (sent === 1) await firstSend; // the first NOTIFY is slow: the burst arrives while it is in flight
      },
      () => (woken += 1),
      20,
    );
    for (let poke = 0; poke < 100; poke++) notifier.poke();
    expect(woken).toBe(100); // local subscribers are woken at every poke
    release();
    await until(() => sent === 2, 'the one NOTIFY standing for the burst');
    notifier.poke(); // within the gap after the second: folded into a third, not lost
    await until(() => sent === 3, 'a NOTIFY for the poke after the burst');
    expect(sent).toBe(3);
  });
});

describe('the NOTIFY gap', () => {
  it('sends one NOTIFY for appends that follow one another within the gap, where each would have cost its own', async () => {
    let sent = 0;
    let pokedSinceSend = false;
    const notifier = new AfterCommitNotifier(
      async () => {
        sent += 1;
        pokedSinceSend = false;
      },
      () => undefined,
      50,
    );
    // Fifty appends one after the other, each finding the last NOTIFY already answered.
    for (let append = 0; append < 50; append++) {
      pokedSinceSend = true;
      notifier.poke();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => !pokedSinceSend, 'a NOTIFY after the last append');
    expect(sent).toBeLessThanOrEqual(3);
  });
});
