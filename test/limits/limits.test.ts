import { DomainError } from '../../src/core/errors';
import { clientAddress, countItem, createLimits, giveBackItem, HOLD_SHARE_DEFAULTS, LIMIT_DEFAULTS, takeAll, takeForWork, takeItem, type LimitSettings } from '../../src/limits';
import { loadConfig } from '../../src/config';

describe('limits', () => {
  const settings: LimitSettings = { ...LIMIT_DEFAULTS, log_lines: { max: 3, windowSeconds: 60 } };
  const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1) + seconds * 1000);

  it('allows `max` calls per key and window, says how long to wait, and starts afresh after the window', () => {
    const limits = createLimits(settings);
    for (let n = 0; n < 3; n++) expect(limits.take('log_lines', 'a', at(n))).toEqual({ allowed: true });
    expect(limits.peek('log_lines', 'a', at(10))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limits.take('log_lines', 'a', at(10))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limits.take('log_lines', 'b', at(10))).toEqual({ allowed: true });
    expect(limits.take('log_lines', 'a', at(60))).toEqual({ allowed: true });
  });

  it('peeks without counting, and forgets a key on reset', () => {
    const limits = createLimits(settings);
    for (let n = 0; n < 5; n++) expect(limits.peek('log_lines', 'a', at(0)).allowed).toBe(true);
    for (let n = 0; n < 4; n++) limits.take('log_lines', 'a', at(0));
    limits.reset('log_lines', 'a');
    expect(limits.take('log_lines', 'a', at(1))).toEqual({ allowed: true });
  });

  it('gives back a call taken in the current window; takes several limits at once, all or none', () => {
    const limits = createLimits({ ...settings, csp_reports: { max: 1, windowSeconds: 60 } });
    for (let n = 0; n < 3; n++) limits.take('log_lines', 'a', at(0));
    limits.giveBack('log_lines', 'a', at(1));
    expect(limits.take('log_lines', 'a', at(2))).toEqual({ allowed: true });
    limits.giveBack('log_lines', 'gone', at(2)); // nothing taken: nothing to give back
    expect(limits.peek('log_lines', 'gone', at(2))).toEqual({ allowed: true });

    expect(takeAll(limits, [['log_lines', 'b'], ['csp_reports', 'b']], at(0))).toEqual({ allowed: true });
    // The second refuses: the first is given back, so it still has two calls left.
    expect(takeAll(limits, [['log_lines', 'b'], ['csp_reports', 'b']], at(10))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limits.take('log_lines', 'b', at(11))).toEqual({ allowed: true });
    expect(limits.take('log_lines', 'b', at(11))).toEqual({ allowed: true });
    expect(limits.take('log_lines', 'b', at(11)).allowed).toBe(false);
  });

  it('takeForWork counts only work done: a refusal or a repeat is given back; over the limit, no work runs (issue 28)', async () => {
    const limits = createLimits(settings);
    const take = { name: 'log_lines' as const, key: 'a', what: 'lines' };
    const now = () => at(1);
    for (let n = 0; n < 10; n++) await expect(takeForWork(limits, take, now, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await takeForWork(limits, take, now, async () => 'a repeat', () => false)).toBe('a repeat');
    for (let n = 0; n < 3; n++) expect(await takeForWork(limits, take, now, async () => n)).toBe(n);
    let ran = false;
    const over = takeForWork(limits, take, now, async () => void (ran = true));
    await expect(over).rejects.toBeInstanceOf(DomainError);
    await expect(over).rejects.toThrow(/^Too many lines: please try again in 60 s$/);
    expect(ran).toBe(false);
    // Its own refusal took nothing: one given back makes room for exactly one more.
    limits.giveBack('log_lines', 'a', at(2));
    expect(await takeForWork(limits, take, now, async () => 'room')).toBe('room');
  });

  describe('counting each distinct item once per key and window', () => {
    const itemSettings: LimitSettings = { ...settings, csp_reports: { max: 5, windowSeconds: 600 } };
    const takes = [['log_lines', 'session'], ['csp_reports', 'address']] as const;

    it('counts a new item on every limit, a repeat on none (refused only when over); a refused or given-back item counts again', () => {
      const limits = createLimits(itemSettings);
      expect(takeItem(limits, takes, 'X', at(0))).toEqual({ decision: { allowed: true }, counted: true });
      expect(takeItem(limits, takes, 'X', at(1))).toEqual({ decision: { allowed: true }, counted: false });
      expect(takeItem(limits, takes, 'Y', at(2)).counted).toBe(true);
      expect(takeItem(limits, takes, 'Z', at(2)).counted).toBe(true);
      expect(takeItem(limits, takes, 'W', at(3))).toEqual({ decision: { allowed: false, retryAfterSeconds: 57 }, counted: false });
      expect(takeItem(limits, takes, 'X', at(3))).toEqual({ decision: { allowed: false, retryAfterSeconds: 57 }, counted: false });
      giveBackItem(limits, takes, 'Z', at(4)); // Z turned out not to count
      expect(takeItem(limits, takes, 'W', at(5))).toEqual({ decision: { allowed: true }, counted: true }); // W was forgotten when refused
      expect(takeItem(limits, takes, 'Z', at(5)).decision.allowed).toBe(false); // Z is new again, and the session is full
      expect(limits.peek('csp_reports', 'address', at(5))).toEqual({ allowed: true }); // X, Y, W: three of five
      limits.take('csp_reports', 'address', at(5));
      expect(limits.peek('csp_reports', 'address', at(5))).toEqual({ allowed: true });
      limits.take('csp_reports', 'address', at(5));
      expect(limits.peek('csp_reports', 'address', at(5)).allowed).toBe(false);
    });

    it('forgets the items with the window', () => {
      const limits = createLimits(itemSettings);
      expect(takeItem(limits, takes, 'X', at(0)).counted).toBe(true);
      expect(takeItem(limits, takes, 'X', at(59)).counted).toBe(false);
      expect(takeItem(limits, takes, 'X', at(60)).counted).toBe(true);
    });

    it('counts a repeat once after all when the call that counted it gave it back meanwhile', () => {
      const limits = createLimits(itemSettings);
      expect(takeItem(limits, takes, 'X', at(0)).counted).toBe(true);
      expect(takeItem(limits, takes, 'X', at(0)).counted).toBe(false);
      giveBackItem(limits, takes, 'X', at(1)); // the first call did not count (its request failed otherwise)
      countItem(limits, takes, 'X', at(1)); // the repeat did, so it is counted now, once
      countItem(limits, takes, 'X', at(1));
      expect(limits.take('log_lines', 'session', at(2))).toEqual({ allowed: true });
      expect(limits.take('log_lines', 'session', at(2))).toEqual({ allowed: true });
      expect(limits.take('log_lines', 'session', at(2)).allowed).toBe(false);
    });

    it('remembers at most the limit’s max items a window: past that an item counts as new', () => {
      const limits = createLimits(itemSettings);
      for (const item of ['a', 'b', 'c', 'd', 'e']) expect(limits.firstTime('log_lines', 'session', item, at(0))).toBe(true);
      expect(['a', 'b', 'c', 'd', 'e'].map((item) => limits.firstTime('log_lines', 'session', item, at(1)))).toEqual([false, false, false, true, true]);
    });
  });

  it('forgets the oldest key beyond maxKeys, so a flood of made-up keys cannot grow memory', () => {
    const limits = createLimits(settings, { maxKeys: 2 });
    for (let n = 0; n < 4; n++) limits.take('log_lines', 'first', at(0));
    limits.take('log_lines', 'second', at(0));
    limits.take('log_lines', 'third', at(0));
    expect(limits.take('log_lines', 'first', at(1))).toEqual({ allowed: true });
  });

  it('takes each value from its LIMIT_ setting, and refuses a malformed one', () => {
    const config = loadConfig({ LIMIT_LOG_LINES: '100/30' });
    expect(config.limits.log_lines).toEqual({ max: 100, windowSeconds: 30 });
    expect(config.limits.login_failures).toEqual(LIMIT_DEFAULTS.login_failures);
    expect(() => loadConfig({ LIMIT_LOGIN_FAILURES: 'lots' })).toThrow(/LIMIT_LOGIN_FAILURES/);
  });

  it('takes the shares one address may hold as percentages from 1 to 100 (issue 28), and refuses any other', () => {
    expect(loadConfig({}).holdShares).toEqual(HOLD_SHARE_DEFAULTS);
    expect(loadConfig({ LIMIT_HELD_DISH_SHARE: '100', LIMIT_HELD_MENU_SHARE: '10%' }).holdShares).toEqual({ held_dish_share: 100, held_menu_share: 10 });
    for (const value of ['0', '101', '12.5', 'half', '']) {
      expect(() => loadConfig({ LIMIT_HELD_MENU_SHARE: value })).toThrow(/LIMIT_HELD_MENU_SHARE: must be a percentage from 1 to 100/);
    }
  });
});

describe('the client address', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('6.6.6.6', '192.0.2.1', 0)).toBe('192.0.2.1');
  });

  it('is the entry the outermost trusted proxy wrote, never one further left', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.7', '10.0.0.2', 1)).toBe('203.0.113.7');
    expect(clientAddress('6.6.6.6, 203.0.113.7, 10.0.0.3', '10.0.0.2', 2)).toBe('203.0.113.7');
    expect(clientAddress('', '10.0.0.2', 1)).toBe('10.0.0.2');
  });

  it('defaults to one trusted hop in production and none elsewhere', () => {
    const production = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example' };
    expect(loadConfig(production).trustedProxyHops).toBe(1);
    expect(loadConfig({ NODE_ENV: 'development' }).trustedProxyHops).toBe(0);
    expect(loadConfig({ ...production, TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
  });
});
