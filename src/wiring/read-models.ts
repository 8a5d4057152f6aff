import type { Logger } from 'pino';
import type { Config } from '../config';
import { NotificationListener } from '../db/notification-listener';
import { READ_MODELS_REPLACED_CHANNEL } from '../operations/verify-replay';
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
  listenForReplacedReadModels(databaseUrl, () => runners, stops);
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

/**
 * A verified replay's swap (`npm run replay -- --verify <p> --swap`, from any process on the same database)
 * replaces a live read model and notifies READ_MODELS_REPLACED_CHANNEL at commit: every instance's runners then
 * tell their caches to drop what they hold. A (re)connection of the listener does the same, as a swap may have
 * gone unheard meanwhile; a swap is rare, so a few needless reloads cost nothing.
 */
function listenForReplacedReadModels(databaseUrl: string, runners: () => readonly ProjectionRunner[], stops: Stops): void {
  const listener = new NotificationListener(databaseUrl, READ_MODELS_REPLACED_CHANNEL);
  const wakeUp = listener.subscribe();
  const controller = new AbortController();
  const listening = (async () => {
    while (!controller.signal.aborted) {
      if ((await wakeUp.next(60_000, controller.signal)) && !controller.signal.aborted) {
        for (const runner of runners()) runner.readModelReplaced();
      }
    }
  })();
  stops.add(async () => {
    controller.abort();
    wakeUp.close();
    await listener.close();
    await listening;
  });
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
