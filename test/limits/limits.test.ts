import { sql } from 'slonik';
import { DomainError } from '../../src/core/errors';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import {
  clientAddress,
  countItem,
  createLimits,
  forgetEndedWindows,
  giveBackItem,
  HOLD_SHARE_DEFAULTS,
  LIMIT_DEFAULTS,
  takeAll,
  takeForWork,
  takeItem,
  type LimitSettings,
} from '../../src/limits';
import { loadConfig } from '../../src/config';
import { createTestDatabase, type TestDatabase } from '../support/database';

describe('limits, counted in Postgres', () => {
  const settings: LimitSettings = { ...LIMIT_DEFAULTS, log_lines: { max: 3, windowSeconds: 60 } };
  const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1) + seconds * 1000);
  const SECRET = 'the session key';
  let database: TestDatabase;
  // Two pools on one database: two instances of the shop.
  let pool: DatabasePool;
  let otherPool: DatabasePool;
  // Each test counts keys of its own, on one database for the whole file.
  let keys = 0;
  const fresh = (name: string) => `${name} ${++keys}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    [pool, otherPool] = await Promise.all([createDatabasePool(database.url), createDatabasePool(database.url)]);
  });
  afterAll(async () => {
    await Promise.all([pool?.end(), otherPool?.end()]);
    await database?.drop();
  });

  const limitsOf = (given: LimitSettings = settings, on: DatabasePool = pool) => createLimits(on, given, SECRET);

  it('allows `max` calls per key and window, says how long to wait, and starts afresh after the window (the clock passed in)', async () => {
    const limits = limitsOf();
    const [a, b] = [fresh('a'), fresh('b')];
    for (let n = 0; n < 3; n++) expect(await limits.take('log_lines', a, at(n))).toEqual({ allowed: true });
    expect(await limits.peek('log_lines', a, at(10))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await limits.take('log_lines', a, at(10))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await limits.take('log_lines', b, at(10))).toEqual({ allowed: true });
    expect(await limits.peek('log_lines', a, at(60))).toEqual({ allowed: true });
    // The ended window rolls over in the statement that counts: a new one from this call, three calls again.
    for (let n = 0; n < 3; n++) expect(await limits.take('log_lines', a, at(60 + n))).toEqual({ allowed: true });
    expect(await limits.take('log_lines', a, at(70))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await limits.take('log_lines', a, at(59 + 60))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await limits.take('log_lines', a, at(120))).toEqual({ allowed: true });
  });

  it('peeks without counting, and forgets a key on reset', async () => {
    const limits = limitsOf();
    const a = fresh('a');
    for (let n = 0; n < 5; n++) expect((await limits.peek('log_lines', a, at(0))).allowed).toBe(true);
    for (let n = 0; n < 4; n++) await limits.take('log_lines', a, at(0));
    await limits.reset('log_lines', a);
    expect(await limits.take('log_lines', a, at(1))).toEqual({ allowed: true });
  });

  it('gives back a call taken in the current window; takes several limits at once, all or none', async () => {
    const limits = limitsOf({ ...settings, csp_reports: { max: 1, windowSeconds: 60 } });
    const [a, b, gone] = [fresh('a'), fresh('b'), fresh('gone')];
    for (let n = 0; n < 3; n++) await limits.take('log_lines', a, at(0));
    await limits.giveBack('log_lines', a, at(1));
    expect(await limits.take('log_lines', a, at(2))).toEqual({ allowed: true });
    await limits.giveBack('log_lines', gone, at(2)); // nothing taken: nothing to give back
    expect(await limits.peek('log_lines', gone, at(2))).toEqual({ allowed: true });

    expect(await takeAll(limits, [['log_lines', b], ['csp_reports', b]], at(0))).toEqual({ allowed: true });
    // The second refuses: the first is given back, so it still has two calls left.
    expect(await takeAll(limits, [['log_lines', b], ['csp_reports', b]], at(10))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(await limits.take('log_lines', b, at(11))).toEqual({ allowed: true });
    expect(await limits.take('log_lines', b, at(11))).toEqual({ allowed: true });
    expect((await limits.take('log_lines', b, at(11))).allowed).toBe(false);
  });

  it('takeForWork counts only work done: a refusal or a repeat is given back; over the limit, no work runs (issue 28)', async () => {
    const limits = limitsOf();
    const take = { name: 'log_lines' as const, key: fresh('a'), what: 'lines' };
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
    await limits.giveBack('log_lines', take.key, at(2));
    expect(await takeForWork(limits, take, now, async () => 'room')).toBe('room');
  });

  it('shares one count between two instances on one database, and lets exactly max of 20 takes side by side pass (issue 42)', async () => {
    const one = limitsOf({ ...settings, log_lines: { max: 5, windowSeconds: 60 } });
    const two = limitsOf({ ...settings, log_lines: { max: 5, windowSeconds: 60 } }, otherPool);
    const shared = fresh('shared');
    for (let n = 0; n < 3; n++) await one.take('log_lines', shared, at(0));
    expect(await two.take('log_lines', shared, at(1))).toEqual({ allowed: true });
    expect(await one.take('log_lines', shared, at(1))).toEqual({ allowed: true });
    expect(await two.take('log_lines', shared, at(2))).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect(await one.peek('log_lines', shared, at(2))).toEqual({ allowed: false, retryAfterSeconds: 58 });

    // Twenty calls at once, half on each instance (each pool ten connections): exactly five pass.
    const crowd = fresh('crowd');
    const decisions = await Promise.all(Array.from({ length: 20 }, (_, n) => (n % 2 ? one : two).take('log_lines', crowd, at(0))));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    // The same for takeForWork, the checkout's guard: five works run, whichever instance each call lands on.
    const work = fresh('work');
    let ran = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => takeForWork(n % 2 ? one : two, { name: 'log_lines', key: work, what: 'orders' }, () => at(0), async () => ++ran)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(ran).toBe(5);
  });

  it('stores no key or item as it is, only keyed hashes; the sweep deletes ended windows only, in batches', async () => {
    const limits = limitsOf({ ...settings, csp_reports: { max: 1, windowSeconds: 600 } });
    const address = `203.0.113.${keys % 250} someone@example.com ${fresh('key')}`;
    const item = `CODE${keys}SECRET`;
    await limits.take('csp_reports', address, at(0));
    expect(await limits.firstTime('csp_reports', address, item, at(0))).toBe(true);
    const rows = await pool.any(sql.unsafe`select limit_name, key_hash, items from limit_windows`);
    const stored = JSON.stringify(rows);
    expect(stored).toContain('csp_reports');
    expect(stored).not.toContain(address);
    expect(stored).not.toContain('203.0.113.');
    expect(stored).not.toContain('someone@example.com');
    expect(stored).not.toContain(item);
    // Another secret (another shop) finds nothing of it: the hash is keyed.
    expect(await createLimits(pool, { ...settings, csp_reports: { max: 1, windowSeconds: 600 } }, 'another key').peek('csp_reports', address, at(1))).toEqual({ allowed: true });
    expect((await limits.peek('csp_reports', address, at(1))).allowed).toBe(false);

    // Every window so far ended by at(600) but this one, begun at at(300); three batches of two, the last short.
    const running = fresh('running');
    await limits.take('csp_reports', running, at(300));
    const before = Number(await pool.oneFirst(sql.unsafe`select count(*) from limit_windows`));
    const ended = Number(await pool.oneFirst(sql.unsafe`select count(*) from limit_windows where ends_at <= ${at(600).toISOString()}::timestamptz`));
    expect(ended).toBe(before - 1);
    expect(await forgetEndedWindows(pool, at(600), { batchSize: 2 })).toBe(ended);
    expect(Number(await pool.oneFirst(sql.unsafe`select count(*) from limit_windows`))).toBe(1);
    expect((await limits.take('csp_reports', running, at(600))).allowed).toBe(false); // still counted, until at(900)
    expect(await forgetEndedWindows(pool, at(899))).toBe(0);
    expect(await forgetEndedWindows(pool, at(900))).toBe(1);
  });

  describe('counting each distinct item once per key and window', () => {
    const itemSettings: LimitSettings = { ...settings, csp_reports: { max: 5, windowSeconds: 600 } };
    const takesFor = () => [['log_lines', fresh('session')], ['csp_reports', fresh('address')]] as const;

    it('counts a new item on every limit, a repeat on none (refused only when over); a refused or given-back item counts again', async () => {
      const limits = limitsOf(itemSettings);
      const takes = takesFor();
      const address = takes[1][1];
      expect(await takeItem(limits, takes, 'X', at(0))).toEqual({ decision: { allowed: true }, counted: true });
      expect(await takeItem(limits, takes, 'X', at(1))).toEqual({ decision: { allowed: true }, counted: false });
      expect((await takeItem(limits, takes, 'Y', at(2))).counted).toBe(true);
      expect((await takeItem(limits, takes, 'Z', at(2))).counted).toBe(true);
      expect(await takeItem(limits, takes, 'W', at(3))).toEqual({ decision: { allowed: false, retryAfterSeconds: 57 }, counted: false });
      expect(await takeItem(limits, takes, 'X', at(3))).toEqual({ decision: { allowed: false, retryAfterSeconds: 57 }, counted: false });
      await giveBackItem(limits, takes, 'Z', at(4)); // Z turned out not to count
      expect(await takeItem(limits, takes, 'W', at(5))).toEqual({ decision: { allowed: true }, counted: true }); // W was forgotten when refused
      expect((await takeItem(limits, takes, 'Z', at(5))).decision.allowed).toBe(false); // Z is new again, and the session is full
      expect(await limits.peek('csp_reports', address, at(5))).toEqual({ allowed: true }); // X, Y, W: three of five
      await limits.take('csp_reports', address, at(5));
      expect(await limits.peek('csp_reports', address, at(5))).toEqual({ allowed: true });
      await limits.take('csp_reports', address, at(5));
      expect((await limits.peek('csp_reports', address, at(5))).allowed).toBe(false);
    });

    it('forgets the items with the window; the same item sent side by side, on two instances, is counted once', async () => {
      const limits = limitsOf(itemSettings);
      const takes = takesFor();
      expect((await takeItem(limits, takes, 'X', at(0))).counted).toBe(true);
      expect((await takeItem(limits, takes, 'X', at(59))).counted).toBe(false);
      expect((await takeItem(limits, takes, 'X', at(60))).counted).toBe(true);

      const other = limitsOf(itemSettings, otherPool);
      const together = takesFor();
      const tries = await Promise.all(Array.from({ length: 6 }, (_, n) => takeItem(n % 2 ? limits : other, together, 'SAME', at(0))));
      expect(tries.filter((each) => each.counted)).toHaveLength(1);
      expect(tries.every((each) => each.decision.allowed)).toBe(true);
      expect(await limits.take('log_lines', together[0][1], at(1))).toEqual({ allowed: true });
      expect(await limits.take('log_lines', together[0][1], at(1))).toEqual({ allowed: true });
      expect((await limits.take('log_lines', together[0][1], at(1))).allowed).toBe(false);
    });

    it('counts a repeat once after all when the call that counted it gave it back meanwhile', async () => {
      const limits = limitsOf(itemSettings);
      const takes = takesFor();
      const session = takes[0][1];
      expect((await takeItem(limits, takes, 'X', at(0))).counted).toBe(true);
      expect((await takeItem(limits, takes, 'X', at(0))).counted).toBe(false);
      await giveBackItem(limits, takes, 'X', at(1)); // the first call did not count (its request failed otherwise)
      await countItem(limits, takes, 'X', at(1)); // the repeat did, so it is counted now, once
      await countItem(limits, takes, 'X', at(1));
      expect(await limits.take('log_lines', session, at(2))).toEqual({ allowed: true });
      expect(await limits.take('log_lines', session, at(2))).toEqual({ allowed: true });
      expect((await limits.take('log_lines', session, at(2))).allowed).toBe(false);
    });

    it('remembers at most the limit’s max items a window: past that an item counts as new', async () => {
      const limits = limitsOf(itemSettings);
      const session = fresh('session');
      for (const item of ['a', 'b', 'c', 'd', 'e']) expect(await limits.firstTime('log_lines', session, item, at(0))).toBe(true);
      const again = [];
      for (const item of ['a', 'b', 'c', 'd', 'e']) again.push(await limits.firstTime('log_lines', session, item, at(1)));
      expect(again).toEqual([false, false, false, true, true]);
    });
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
