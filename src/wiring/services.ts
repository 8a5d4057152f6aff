import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import { CommandHandler } from '../core/handle-command';
import type { StoredEvent } from '../eventstore/types';
import type { Services } from '../services';
import { SettingsCache } from '../../projections';
import { PRIVACY_EVENT_SCHEMAS } from '../../modules/privacy';
import type { ReadModelRunners } from './read-models';
import type { Storage } from './storage';

/** The command handler and the services every module is built from. */
export function createServices(config: Config, { store, pool, personalData, notices }: Storage, readModels: ReadModelRunners, clock: Clock, logger: Logger): Services {
  const commands = new CommandHandler(store);
  /**
   * Whether other instances write to this store (issue 42): only then may what this process keeps be behind, and
   * only then do its reads wait for the subscription to hear everything committed (which, under load, costs a read
   * of the store's head and the subscription's lag on every basket read).
   */
  let othersAlive = false;
  // Bounded like read-your-writes below: a subscription that is down must not stop the shop answering.
  const heardAllNow = coalesced(async () => {
    if (!(await readModels.waker.heardUpTo(await store.lastCommittedPosition(), 10_000))) logger.warn('the subscription to $all is behind');
  });
  const storedListeners: Array<(event: StoredEvent, news: boolean) => void> = [];
  readModels.waker.onEvent((event) => {
    const news = commands.noteStored(event);
    for (const listener of storedListeners) listener(event, news);
    // Someone was erased, perhaps by another instance: their key stops opening here at once, not when its cache
    // entry expires, and no kept state may go on showing them (forgotten once the key is marked in the cache).
    const erased = event.type === 'PersonalDataErased' ? PRIVACY_EVENT_SCHEMAS.PersonalDataErased.safeParse(event) : undefined;
    if (erased?.success) {
      personalData.noteErased(erased.data.data.subject).then(
        () => commands.forgetStates(),
        (error: unknown) => logger.warn({ err: error }, 'could not note an erasure in the key cache; its entry expires within a minute'),
      );
    }
  });
  return {
    store,
    commands,
    pool,
    settings: new SettingsCache(pool, clock, readModels.named('settings')),
    clock,
    basketHoldMinutes: config.BASKET_HOLD_MINUTES,
    personalData,
    notices,
    // Bounded like read-your-writes below: a subscription that is down must not stop the shop answering.
    onStored: (listener) => void storedListeners.push(listener),
    heardAll: () => (othersAlive ? heardAllNow() : Promise.resolve()),
    setOthersAlive: (others) => {
      othersAlive = others;
      notices.othersAlive = others;
      commands.setKeptReadCheck(others ? heardAllNow : undefined);
    },
    readModels: {
      // Read-your-writes is bounded: a command that succeeded is never turned into an error because a read
      // model is slow; its answer may then be a moment behind.
      waitFor: async (name, position) => {
        if (!position) return;
        await readModels.named(name).waitFor(position, 10_000).catch((error) => logger.warn({ err: error, projection: name }, 'read model behind'));
      },
      checkpoint: (name) => readModels.named(name).checkpoint,
    },
  };
}

/**
 * `work` shared by the calls that overlap: a call joins the next run that starts after it (never one already
 * running, which may have read the store's head before the call's own moment), so a burst of calls costs two runs.
 */
export function coalesced(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const run = () => {
    const started = work().finally(() => {
      if (running === started) running = undefined;
    });
    running = started;
    return started;
  };
  return () => {
    if (!running) return run();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return run();
      });
    return next;
  };
}
