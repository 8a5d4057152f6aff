import type { Logger } from 'pino';
import type { Config } from '../config';
import type { EventStore } from '../eventstore/types';
import { ProjectionRunner } from '../projections/runner';
import type { Projection } from '../projections/types';
import { startStoreWaker } from '../projections/waker';
import { allProjections } from '../../projections';
import type { Storage } from './storage';
import type { Stops } from './stops';

/** Every read model's runner, started and stopped with the shop, and the waker that tells them of new events. */
export function startReadModels(config: Config, { store, pool, databaseUrl }: Storage, logger: Logger, stops: Stops) {
  const waker = startStoreWaker(store);
  stops.add(() => waker.stop());
  const runnerFor = (projection: Projection) =>
    new ProjectionRunner(projection, {
      store,
      pool,
      databaseUrl,
      waker,
      pollIntervalMs: config.PROJECTION_POLL_MS,
      onError: (name, error) => logger.error({ err: error, projection: name }, 'projection failed; retrying'),
    });
  const runners = allProjections().map(runnerFor);
  for (const runner of runners) runner.start();
  stops.add(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
  });
  const byName = new Map(runners.map((runner) => [runner.projection.name, runner]));
  return {
    waker,
    runners,
    runnerFor,
    /** A read model's runner by its name (the ones allProjections lists). */
    named: (name: string) => byName.get(name)!,
    /** Starts one more runner (a reactor made from the services), stopped with the others. */
    keep(runner: ProjectionRunner): void {
      runners.push(runner);
      runner.start();
    },
  };
}

export type ReadModelRunners = ReturnType<typeof startReadModels>;

/** Serve once the read models include everything already stored (the demo menu on a first start). */
export async function catchUp(store: EventStore, runners: readonly ProjectionRunner[], logger: Logger): Promise<void> {
  const head = await store.lastCommittedPosition();
  await Promise.all(
    runners.map((runner) =>
      runner.waitFor(head, 30_000).catch(() => logger.warn({ projection: runner.projection.name }, 'serving before this read model caught up')),
    ),
  );
}
