import type { Logger } from 'pino';
import type { Clock } from '../core/clock';
import { ProcessManager, type AnyProcessDefinition } from '../process';
import type { Services } from '../services';
import type { ReadModelRunners } from './read-models';
import type { Stops } from './stops';

/** Every module's "finish this later, or after a crash, exactly once" (src/process), started and stopped with the shop. */
export async function startProcesses(
  definitions: readonly AnyProcessDefinition[],
  deps: { services: Services; readModels: ReadModelRunners; clock: Clock; logger: Logger },
  stops: Stops,
): Promise<ProcessManager> {
  const { store, pool, commands } = deps.services;
  const processes = new ProcessManager(definitions, { store, pool, commands, clock: deps.clock, logger: deps.logger, runner: deps.readModels.runnerFor });
  await processes.start();
  stops.add(() => processes.stop());
  return processes;
}
