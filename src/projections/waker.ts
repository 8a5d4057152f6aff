import { EventStore, Position, StoredEvent } from '../eventstore/types';
import type { Waker } from './runner';

/** How many of the newest events the feed keeps for the runners; older ones are read from the store. */
const TAIL_SIZE = 10_000;

/**
 * One subscription to $all per process. It wakes every idle runner as soon as a new event is readable,
 * whichever adapter is in use, and keeps the newest events in memory: a runner that is caught up reads
 * what it has not applied from here, so an append costs one read of the store however many projections
 * there are. Runners poll as well, so a lost wake-up only costs a poll interval.
 */
export interface StoreWaker extends Waker {
  /** Calls `listener` with every event the subscription receives, in commit order. */
  onEvent(listener: (event: StoredEvent) => void): void;
  /** Resolves once the subscription has received every event up to `position` (false after `timeoutMs`). */
  heardUpTo(position: Position | undefined, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

export function startStoreWaker(store: EventStore, options: { tailSize?: number } = {}): StoreWaker {
  const tailSize = options.tailSize ?? TAIL_SIZE;
  const waiting = new Set<() => void>();
  const listeners = new Set<(event: StoredEvent) => void>();
  const controller = new AbortController();
  let generation = 0;
  /** Every event after `tailStart`, in commit order, up to the newest the subscription has seen. */
  let tail: StoredEvent[] = [];
  let tailStart: Position | undefined;
  const wakeAll = () => {
    generation += 1;
    for (const wake of waiting) wake();
    waiting.clear();
  };
  const remember = (event: StoredEvent) => {
    tail.push(event);
    if (tail.length > tailSize * 2) {
      // Trimmed in halves so that pushing stays cheap.
      const dropped = tail.length - tailSize;
      tailStart = tail[dropped - 1].position;
      tail = tail.slice(dropped);
    }
  };
  const tailHead = () => (tail.length > 0 ? tail[tail.length - 1].position : tailStart);
  const running = (async () => {
    while (!controller.signal.aborted) {
      try {
        // After a failure the subscription resumes where the tail ends, so the tail never has a gap.
        const after = tailHead() ?? (await store.headPosition());
        tailStart ??= after;
        await store.subscribeAll({
          after,
          signal: controller.signal,
          onEvent: async (event) => {
            remember(event);
            for (const listener of listeners) listener(event);
            wakeAll();
          },
        });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  })();
  return {
    generation: () => generation,
    onEvent(listener) {
      listeners.add(listener);
    },
    async heardUpTo(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (position !== undefined) {
        const head = tailHead();
        if (head !== undefined && head >= position) return true;
        const left = deadline - Date.now();
        if (left <= 0 || controller.signal.aborted) return false;
        await this.next(left, controller.signal, generation);
      }
      return true;
    },
    readTail(after, limit) {
      const head = tailHead();
      if (tailStart === undefined || head === undefined || after < tailStart || after > head) return undefined;
      // The first event after `after`: binary search, positions are in commit order.
      let low = 0;
      let high = tail.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (tail[middle].position <= after) low = middle + 1;
        else high = middle;
      }
      return tail.slice(low, low + limit);
    },
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
