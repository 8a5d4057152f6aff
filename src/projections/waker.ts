import { EventStore } from '../eventstore/types';
import type { Waker } from './runner';

/**
 * One subscription to $all per process that wakes every idle runner as soon as a new event is readable,
 * whichever adapter is in use. Runners poll as well, so a lost wake-up only costs a poll interval.
 */
export function startStoreWaker(store: EventStore): Waker & { stop(): Promise<void> } {
  const waiting = new Set<() => void>();
  const controller = new AbortController();
  let generation = 0;
  const wakeAll = () => {
    generation += 1;
    for (const wake of waiting) wake();
    waiting.clear();
  };
  const running = (async () => {
    while (!controller.signal.aborted) {
      try {
        await store.subscribeAll({
          after: await store.headPosition(),
          signal: controller.signal,
          onEvent: async () => wakeAll(),
        });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  })();
  return {
    generation: () => generation,
    next(timeoutMs, signal, seen) {
      return new Promise<void>((resolve) => {
        if (signal.aborted || (seen !== undefined && generation > seen)) return resolve();
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        signal.addEventListener('abort', done, { once: true });
        waiting.add(done);
      });
    },
    async stop() {
      controller.abort();
      wakeAll();
      await running;
    },
  };
}
