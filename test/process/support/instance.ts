import type { Clock } from '../../../src/core/clock';
import { CommandHandler } from '../../../src/core/handle-command';
import type { DatabasePool } from '../../../src/db/pool';
import type { EventStore } from '../../../src/eventstore/types';
import { ProcessManager, type ProcessManagerOptions } from '../../../src/process';
import { ProjectionRunner } from '../../../src/projections/runner';
import { startStoreWaker } from '../../../src/projections/waker';
import { tabLapseProcess, type SendHooks } from './tab-process';

/** One shop instance's share of the process manager: its own waker, command handler and runners. */
export function processInstance(deps: {
  store: EventStore;
  pool: DatabasePool;
  databaseUrl: string;
  clock: Clock;
  hooks?: SendHooks;
  options?: Partial<ProcessManagerOptions>;
  /** The tab process takes its openings only when they would lapse (see tabLapseProcess). */
  waiting?: boolean;
}) {
  const waker = startStoreWaker(deps.store);
  const commands = new CommandHandler(deps.store);
  waker.onEvent((event) => commands.noteStored(event));
  const hooks = deps.hooks ?? { sends: 0 };
  const manager = new ProcessManager([tabLapseProcess(commands, hooks, { waiting: deps.waiting })], {
    store: deps.store,
    pool: deps.pool,
    commands,
    clock: deps.clock,
    runner: (projection) => new ProjectionRunner(projection, { store: deps.store, pool: deps.pool, databaseUrl: deps.databaseUrl, waker, pollIntervalMs: 20 }),
    pollIntervalMs: 20,
    ...deps.options,
  });
  return {
    manager,
    commands,
    hooks,
    async stop() {
      await manager.stop();
      await waker.stop();
    },
  };
}
