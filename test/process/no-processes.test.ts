import { CommandHandler } from '../../src/core/handle-command';
import type { DatabasePool } from '../../src/db/pool';
import type { EventStore } from '../../src/eventstore/types';
import { ProcessManager } from '../../src/process';

/** Anything touched throws, so a manager that does any work at all fails the test. */
const untouchable = <T extends object>(what: string) =>
  new Proxy({} as T, {
    get: (_, property) => {
      throw new Error(`${what}.${String(property)} was used`);
    },
  });

describe('a process manager with no process defined', () => {
  it('starts, works and stops without touching the database, the event store or a runner', async () => {
    const store = untouchable<EventStore>('store');
    const manager = new ProcessManager([], {
      store,
      pool: untouchable<DatabasePool>('pool'),
      commands: new CommandHandler(store),
      clock: () => new Date(),
      runner: () => {
        throw new Error('a runner was made');
      },
    });
    await manager.start();
    expect(await manager.runDue()).toBe(0);
    await manager.waitFor('0' as never);
    await manager.stop();
  });
});
