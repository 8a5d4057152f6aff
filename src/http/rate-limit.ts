import { DomainError } from '../core/errors';

/**
 * A fixed-window count per key (e.g. a client's address), kept in memory: at most `limit` calls per
 * `windowMs`. For calls that are cheap to make and costly to keep, such as lines in the server log. The map
 * holds at most `maxKeys` keys (the oldest window is forgotten first), so a flood of addresses cannot grow it.
 */
export function createRateLimit(options: { limit: number; windowMs: number; maxKeys?: number; now?: () => number }) {
  const { limit, windowMs, maxKeys = 10_000, now = Date.now } = options;
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts a call for `key`; throws a 429 once the key has used up its window. */
    take(key: string, what: string): void {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) {
        windows.delete(key);
        window = { startedAt: at, count: 0 };
        windows.set(key, window);
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
      }
      window.count += 1;
      if (window.count > limit) {
        const retryAfterSeconds = Math.ceil((window.startedAt + windowMs - at) / 1000);
        throw new DomainError('too_many', `Too many ${what}: please try again in ${retryAfterSeconds} s`, retryAfterSeconds);
      }
    },
  };
}
