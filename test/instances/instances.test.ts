import { sql } from 'slonik';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { createInstanceRegistry, createJobs, type InstanceRegistry, type Jobs } from '../../src/instances';
import { createLiveStreamCaps, LIVE_STREAMS_PER_SESSION } from '../../src/limits';
import { OTHER_SCREENS_STALE_MS, StaffPresence } from '../../src/live/staff-presence';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { testClock } from '../support/test-clock';
import { until } from '../support/until';

/**
 * Issue 42: several instances of the shop on one database. Each "instance" here is the part under test made twice
 * over one database (a registry, its staff presence, its stream caps, its background jobs), on one test clock.
 */
describe('several instances on one database', () => {
  let database: TestDatabase;
  let pool: DatabasePool;
  const clock = testClock('2026-11-20T19:00:00.000Z');
  const failures: unknown[] = [];
  const onError = (error: unknown) => void failures.push(error);
  /** Each test ends so: nothing the parts reported as failed along the way. */
  const nothingFailed = () => expect(failures).toEqual([]);
  const registries: InstanceRegistry[] = [];
  const jobRunners: Jobs[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await createDatabasePool(database.url, { refuseNestedAcquire: true });
  });
  afterAll(async () => {
    for (const jobs of jobRunners) await jobs.stop();
    for (const registry of registries) await registry.stop();
    await pool?.end();
    await database?.drop();
  });

  async function instance(): Promise<InstanceRegistry> {
    const registry = createInstanceRegistry(pool, clock);
    registries.push(registry);
    await registry.start(onError);
    return registry;
  }
  const ids = async () => (await registries[0].alive(clock())).map((row) => row.id).sort();
  const rowsOf = async (table: 'live_streams' | 'staff_presence', registry: InstanceRegistry) =>
    pool.oneFirst<number>(sql.unsafe`select count(*)::int from ${sql.identifier([table])} where instance_id = ${registry.id}`);

  it('registers each instance, keeps it alive while it beats, and sweeps one dead for over a minute with its rows', async () => {
    const a = await instance();
    const b = await instance();
    expect(await ids()).toEqual([a.id, b.id].sort());
    expect((await a.alive(clock())).find((row) => row.id === a.id)).toMatchObject({ pid: process.pid, startedAt: clock().toISOString() });

    const presenceOfB = new StaffPresence({ clock, pool, registry: b, onError });
    presenceOfB.connected();
    const streamsOfB = createLiveStreamCaps({ perAddress: 200, perSession: 6 }, { pool, clock, registry: b, secret: 'test', onError });
    expect(await streamsOfB.open({ address: '203.0.113.1' })).toMatchObject({ allowed: true });
    await presenceOfB.write();
    expect([await rowsOf('live_streams', b), await rowsOf('staff_presence', b)]).toEqual([1, 1]);

    clock.advance(30_000); // A beats, B does not: B was seen 30 s ago, still alive
    await a.beat();
    expect(await ids()).toEqual([a.id, b.id].sort());
    clock.advance(1);
    expect(await ids()).toEqual([a.id]);
    clock.advance(59_999); // dead for a minute: its rows stay until it is dead for over one
    await a.beat();
    expect(await rowsOf('live_streams', b)).toBe(1);
    clock.advance(1);
    await a.beat();
    expect([await rowsOf('live_streams', b), await rowsOf('staff_presence', b)]).toEqual([0, 0]);
    expect(await pool.oneFirst(sql.unsafe`select count(*)::int from shop_instances where id = ${b.id}`)).toBe(0);

    // Back from a long pause: its next beat registers it again, and its presence is written again with the beat.
    await b.beat();
    expect(await ids()).toEqual([a.id, b.id].sort());
    expect(await rowsOf('staff_presence', b)).toBe(1);
    // A clean stop deletes its row and what it held.
    await b.stop();
    expect([await ids(), await rowsOf('staff_presence', b)]).toEqual([[a.id], 0]);
    nothingFailed();
  });

  it("counts another instance's staff screens, at most a few seconds stale", async () => {
    const a = await instance();
    const b = await instance();
    const onA = new StaffPresence({ clock, pool, registry: a, onError });
    const onB = new StaffPresence({ clock, pool, registry: b, onError });
    expect(await onB.lastSeenAt()).toBeNull();

    onA.connected();
    await onA.write();
    expect(await onA.lastSeenAt()).toBe(clock().toISOString()); // its own screens: exact at once
    expect(await onB.lastSeenAt()).toBeNull(); // B read the others a moment ago
    clock.advance(OTHER_SCREENS_STALE_MS + 1);
    expect(await onB.lastSeenAt()).toBe(clock().toISOString());

    clock.advance(60_000);
    await Promise.all([a.beat(), b.beat()]);
    const leftAt = clock().toISOString();
    onA.disconnected();
    await onA.write();
    clock.advance(OTHER_SCREENS_STALE_MS + 1);
    expect(await onB.lastSeenAt()).toBe(leftAt);
    // B's own screen that left later is the newer.
    onB.connected();
    onB.disconnected();
    expect(await onB.lastSeenAt()).toBe(clock().toISOString());

    // An instance that is no longer alive counts for nothing: its screens went, or come back to another within seconds.
    const c = await instance();
    const onC = new StaffPresence({ clock, pool, registry: c, onError });
    onC.connected();
    await onC.write();
    const cSeenAt = clock().getTime();
    const onD = new StaffPresence({ clock, pool, registry: await instance(), onError });
    expect(await onD.lastSeenAt()).toBe(clock().toISOString());
    clock.set(new Date(cSeenAt + 30_001 + OTHER_SCREENS_STALE_MS).toISOString());
    expect(await onD.lastSeenAt()).toBeNull();
    nothingFailed();
  });

  it('caps the streams of one session across instances, frees a closed place, and forgets a dead instance', async () => {
    const a = await instance();
    const b = await instance();
    const caps = { perAddress: 200, perSession: LIVE_STREAMS_PER_SESSION };
    const onA = createLiveStreamCaps(caps, { pool, clock, registry: a, secret: 'test', onError });
    const onB = createLiveStreamCaps(caps, { pool, clock, registry: b, secret: 'test', onError });
    const session = 'session-1';
    const client = (n: number) => ({ address: `198.51.100.${n}`, session });

    // Opened at once, spread over both: exactly the cap gets in.
    const opened = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_SESSION + 2 }, (_, n) => (n % 2 === 0 ? onA : onB).open(client(n))));
    expect(opened.filter((slot) => slot.allowed)).toHaveLength(LIVE_STREAMS_PER_SESSION);
    expect(await onA.open(client(50))).toEqual({ allowed: false });
    expect(await onB.open(client(51))).toEqual({ allowed: false });
    expect((await onB.count({ address: '198.51.100.50', session })).session).toBe(LIVE_STREAMS_PER_SESSION);

    // A stream closed on B frees a place on A; closing twice frees one.
    const onBOpen = opened.filter((slot, n) => slot.allowed && n % 2 === 1);
    const closeOne = onBOpen[0];
    if (!closeOne.allowed) throw new Error('unreachable');
    await Promise.all([closeOne.close(), closeOne.close()]);
    expect(await onA.open(client(52))).toMatchObject({ allowed: true });
    expect(await onA.open(client(53))).toEqual({ allowed: false });

    // The cap per address counts every instance too; another session from another address is free.
    const tight = { perAddress: 2, perSession: LIVE_STREAMS_PER_SESSION };
    const tightA = createLiveStreamCaps(tight, { pool, clock, registry: a, secret: 'test', onError });
    const tightB = createLiveStreamCaps(tight, { pool, clock, registry: b, secret: 'test', onError });
    expect((await tightA.open({ address: '203.0.113.9' })).allowed).toBe(true);
    expect((await tightB.open({ address: '203.0.113.9' })).allowed).toBe(true);
    expect((await tightA.open({ address: '203.0.113.9' })).allowed).toBe(false);
    expect((await tightB.open({ address: '203.0.113.10', session: 'session-2' })).allowed).toBe(true);

    // B dies: once not alive its streams stop counting, and a minute later A's beat deletes them.
    const onBStreams = await rowsOf('live_streams', b);
    expect(onBStreams).toBeGreaterThan(0);
    clock.advance(30_001);
    await a.beat();
    const stillOnA = opened.filter((slot, n) => slot.allowed && n % 2 === 0).length + 1;
    expect(await onA.count({ address: '198.51.100.52', session })).toEqual({ address: 1, session: stillOnA });
    expect(await onA.open(client(54))).toMatchObject({ allowed: true });
    clock.advance(60_000);
    await a.beat();
    expect(await rowsOf('live_streams', b)).toBe(0);
    expect(await rowsOf('live_streams', a)).toBeGreaterThan(0);
    nothingFailed();
  });

  it('runs a background job once a period across instances, and another takes it over from a holder that dies or stops', async () => {
    const a = await instance();
    const b = await instance();
    let runs = 0;
    let holdRun: Promise<void> | undefined;
    const job = async () => {
      runs += 1;
      await holdRun;
    };
    const jobsOf = (registry: InstanceRegistry) => {
      const jobs = createJobs({ databaseUrl: database.url, pool, clock, instanceId: registry.id, onError: (_, error) => onError(error) });
      jobRunners.push(jobs);
      jobs.every('count', 60_000, job);
      return jobs;
    };
    const onA = jobsOf(a);
    const onB = jobsOf(b);
    clock.set('2026-11-20T20:00:00.000Z');

    expect((await Promise.all([onA.runDue('count'), onB.runDue('count'), onA.runDue('count')])).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    clock.advance(59_999);
    expect(await Promise.all([onA.runDue('count'), onB.runDue('count')])).toEqual([false, false]);
    for (let period = 1; period <= 3; period++) {
      clock.advance(60_000);
      await Promise.all([onB.runDue('count'), onA.runDue('count')]);
      expect(runs).toBe(1 + period);
    }

    // A holder that dies mid-run (its connection cut, as a killed process's is) leaves its period to the other.
    clock.advance(60_000);
    let release = () => undefined as void;
    holdRun = new Promise<void>((resolve) => (release = resolve));
    const holding = onA.runDue('count');
    await until(() => runs === 5, "A's run to start");
    expect(await onB.runDue('count')).toBe(false); // A holds it
    try {
      const lockSessionsOfA = () => pool.oneFirst<number>(sql.unsafe`select count(*)::int from pg_stat_activity where application_name = ${`jobs ${a.id}`}`);
      await pool.query(sql.unsafe`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`jobs ${a.id}`}`);
      await until(async () => (await lockSessionsOfA()) === 0, "A's lock session to end");
      holdRun = undefined;
      expect(await onB.runDue('count')).toBe(true);
      expect(runs).toBe(6);
    } finally {
      release();
      await holding.catch(() => undefined);
    }

    // A stopped instance runs nothing; the other runs every period.
    await onA.stop();
    clock.advance(60_000);
    expect(await onA.runDue('count')).toBe(false);
    expect(await onB.runDue('count')).toBe(true);
    expect(runs).toBe(7);
    nothingFailed();
  });
});
