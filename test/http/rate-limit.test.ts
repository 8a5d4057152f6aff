import { DomainError } from '../../src/core/errors';
import { createRateLimit } from '../../src/http/rate-limit';

describe('a fixed-window rate limit', () => {
  let now = 0;
  const limit = createRateLimit({ limit: 3, windowMs: 60_000, maxKeys: 2, now: () => now });
  const take = (key: string) => {
    try {
      limit.take(key, 'calls');
      return 'ok';
    } catch (error) {
      return error instanceof DomainError ? `${error.kind} ${error.retryAfterSeconds}` : 'other';
    }
  };

  it('allows `limit` calls per key and window, says how long to wait, and starts afresh when the window is over', () => {
    now = 1_000;
    expect([take('a'), take('a'), take('a')]).toEqual(['ok', 'ok', 'ok']);
    now = 31_000;
    expect(take('a')).toBe('too_many 30');
    expect(take('b')).toBe('ok');
    now = 61_000;
    expect(take('a')).toBe('ok');
  });

  it('forgets the oldest key beyond maxKeys, so a flood of addresses cannot grow it', () => {
    now = 200_000;
    for (let call = 0; call < 3; call++) take('c');
    expect(take('c')).toBe('too_many 60');
    take('d');
    take('e'); // 'c' is forgotten: a new window
    expect(take('c')).toBe('ok');
  });
});
