import { ORIGIN, StoredEvent } from '../../src/eventstore/types';
import { MAX_AGE_WHEN_ELSEWHERE_MS, ReadModelCache, type ProjectionChanges } from '../../src/projections/read-model-cache';
import { newEvent } from '../eventstore/contract';

interface Loaded {
  /** Which call of `load` built this copy: 1 for the first. */
  load: number;
  loadedAt: number;
}

/** The projection as the cache sees it; `apply` plays the runner committing a batch in this process. */
function fakeProjection(isActive = true) {
  const listeners: ((events: readonly StoredEvent[]) => void)[] = [];
  const changes = {
    isActive,
    onApplied(listener: (events: readonly StoredEvent[]) => void) {
      listeners.push(listener);
    },
  } satisfies ProjectionChanges;
  const apply = (...events: StoredEvent[]) => listeners.forEach((listener) => listener(events));
  return { changes, apply };
}

/** A load that counts its calls and answers a new object each time: at once, or when `finishNext` is called. */
function countingLoader(options: { manual?: boolean } = {}) {
  const unfinished: (() => void)[] = [];
  const loader = {
    calls: 0,
    load(now: Date): Promise<Loaded> {
      loader.calls += 1;
      const value = { load: loader.calls, loadedAt: now.getTime() };
      if (!options.manual) return Promise.resolve(value);
      return new Promise((resolve) => unfinished.push(() => resolve(value)));
    },
    finishNext() {
      unfinished.shift()!();
    },
  };
  return loader;
}

function manualClock(start = '2024-03-01T12:00:00Z') {
  let now = new Date(start);
  return {
    clock: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

function storedEvent(type: string): StoredEvent {
  return { ...newEvent(type), stream: 'menu-1', revision: 0n, position: ORIGIN, recordedAt: new Date(0) };
}

const touched = () => storedEvent('ProductRenamed');
const untouched = () => storedEvent('BasketOpened');

function setup(options: { isActive?: boolean; manual?: boolean; expired?: (value: Loaded, now: Date) => boolean } = {}) {
  const projection = fakeProjection(options.isActive);
  const time = manualClock();
  const loader = countingLoader({ manual: options.manual });
  const cache = new ReadModelCache<Loaded>({
    changes: projection.changes,
    clock: time.clock,
    touches: (event) => event.type === 'ProductRenamed',
    load: loader.load,
    expired: options.expired,
  });
  return { cache, loader, projection, time };
}

describe('read model cache', () => {
  describe('while the projection runs in this process', () => {
    it('serves the same copy again without loading, however much time passes', async () => {
      const { cache, loader, time } = setup();
      const first = await cache.get();
      time.advance(10 * MAX_AGE_WHEN_ELSEWHERE_MS);
      expect(await cache.get()).toBe(first);
      expect(loader.calls).toBe(1);
    });

    it('loads again after a batch with an event the copy depends on', async () => {
      const { cache, loader, projection } = setup();
      const first = await cache.get();
      projection.apply(untouched(), touched());
      const second = await cache.get();
      expect(second).not.toBe(first);
      expect(second.load).toBe(2);
      expect(await cache.get()).toBe(second);
      expect(loader.calls).toBe(2);
    });

    it('keeps the copy after a batch of events it does not depend on', async () => {
      const { cache, loader, projection } = setup();
      const first = await cache.get();
      projection.apply(untouched(), untouched());
      projection.apply();
      expect(await cache.get()).toBe(first);
      expect(loader.calls).toBe(1);
    });

    it('treats a copy as stale at once when a batch lands while it is being loaded', async () => {
      const { cache, loader, projection } = setup({ manual: true });
      const first = cache.get();
      projection.apply(touched());
      loader.finishNext();
      expect((await first).load).toBe(1);

      const second = cache.get();
      expect(loader.calls).toBe(2);
      loader.finishNext();
      expect((await second).load).toBe(2);
    });

    it('does not hand a reader who asks after a batch the load that began before it', async () => {
      const { cache, loader, projection } = setup({ manual: true });
      const before = cache.get();
      projection.apply(touched());
      // The writer's request, released once its batch is applied: it must see the batch.
      const after = cache.get();
      expect(loader.calls).toBe(2);
      loader.finishNext();
      loader.finishNext();
      expect((await before).load).toBe(1);
      expect((await after).load).toBe(2);
    });

    it('shares one load among readers who ask at the same time', async () => {
      const { cache, loader } = setup({ manual: true });
      const readers = [cache.get(), cache.get(), cache.get()];
      expect(loader.calls).toBe(1);
      loader.finishNext();
      const [first, ...others] = await Promise.all(readers);
      for (const other of others) expect(other).toBe(first);
    });

    it('keeps no copy when the load fails, and loads again for the next reader', async () => {
      let calls = 0;
      const cache = new ReadModelCache<number>({
        changes: fakeProjection().changes,
        clock: manualClock().clock,
        touches: () => true,
        load: async () => {
          calls += 1;
          if (calls === 1) throw new Error('database away');
          return calls;
        },
      });
      await expect(cache.get()).rejects.toThrow('database away');
      expect(await cache.get()).toBe(2);
      expect(await cache.get()).toBe(2);
    });
  });

  describe('while the projection runs on another instance', () => {
    it(`serves the copy for ${MAX_AGE_WHEN_ELSEWHERE_MS} ms, then loads again`, async () => {
      const { cache, loader, time } = setup({ isActive: false });
      const first = await cache.get();
      time.advance(MAX_AGE_WHEN_ELSEWHERE_MS - 1);
      expect(await cache.get()).toBe(first);
      expect(loader.calls).toBe(1);

      time.advance(1);
      const second = await cache.get();
      expect(second).not.toBe(first);
      expect(loader.calls).toBe(2);
    });

    it('still ages out a copy loaded before the projection started running here', async () => {
      const { cache, loader, projection, time } = setup({ isActive: false });
      const first = await cache.get();
      projection.changes.isActive = true;
      time.advance(MAX_AGE_WHEN_ELSEWHERE_MS - 1);
      expect(await cache.get()).toBe(first);
      time.advance(1);
      expect((await cache.get()).load).toBe(2);
      expect(loader.calls).toBe(2);
    });
  });

  it('loads again when `expired` says the copy has run out, and not before', async () => {
    const holdMs = 300;
    const { cache, loader, time } = setup({ expired: (value, now) => now.getTime() >= value.loadedAt + holdMs });
    const first = await cache.get();
    time.advance(holdMs - 1);
    expect(await cache.get()).toBe(first);
    time.advance(1);
    const second = await cache.get();
    expect(second.load).toBe(2);
    expect(loader.calls).toBe(2);
  });
});
