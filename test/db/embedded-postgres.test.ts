import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CLUSTER_NOTE } from '../../src/db/cluster-homes';
import { claimDataDir, removeSystemCluster, startEmbeddedPostgres, SYSTEM_HOME, type EmbeddedPostgres } from '../../src/db/embedded-postgres';

const isRoot = process.getuid?.() === 0;

/** Issue 13, item 11 and 10: the embedded cluster as a newcomer who is root starts it, and what it logs. */
describe('embedded Postgres', () => {
  // Like /root: a home only its owner may enter, with the clone (and DATA_DIR) inside it.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-home-'));
  const dataDir = path.join(home, 'takeaway-shop', '.data');
  const lines: string[] = [];
  let postgres: EmbeddedPostgres;
  // Issue 38 item 8: a cluster left by a root-run shop whose data folder has since been deleted.
  const orphan = path.join(SYSTEM_HOME, 'clusters', `orphan-test-${process.pid}`);

  beforeAll(async () => {
    if (isRoot) {
      fs.mkdirSync(path.join(orphan, 'pg'), { recursive: true });
      fs.writeFileSync(path.join(orphan, 'DATA_DIR'), `${path.join(home, 'deleted-shop', '.data')}\n`);
    }
    fs.chmodSync(home, 0o700);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    postgres = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
    removeSystemCluster(dataDir);
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(orphan, { recursive: true, force: true });
  });

  it('starts from a clone under a 0700 home without loosening its folders, and says where the cluster is', async () => {
    const client = new pg.Client({ connectionString: postgres.url('postgres') });
    await client.connect();
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // The shop's cluster waits for the disk at each commit; only the test run's scratch cluster is started without.
    expect((await client.query(`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync`)).rows).toEqual([{ fsync: 'on', sync: 'on' }]);
    await client.end();
    const scratch = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await scratch.connect();
    expect((await scratch.query(`select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync`)).rows).toEqual([{ fsync: 'on', sync: 'off' }]);
    await scratch.end();
    expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    if (isRoot) {
      expect(lines.join('\n')).toContain(`is kept in ${SYSTEM_HOME}/clusters/`);
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
      // The data folder says where its cluster went; the start lists the orphan and leaves it alone.
      expect(fs.readFileSync(path.join(dataDir, CLUSTER_NOTE), 'utf8')).toContain(`${SYSTEM_HOME}/clusters/`);
      expect(lines.join('\n')).toMatch(/belong to data folders that no longer exist; `npm run reset -- --orphans` removes them/);
      expect(lines).toContain(`  ${orphan} (was for ${path.join(home, 'deleted-shop', '.data')})`);
      expect(fs.existsSync(orphan)).toBe(true);
    }
  });

  it("keeps customers' text out of Postgres's own log", async () => {
    const secret = 'Kim Lee, 07911 123456, secret-customer-text';
    const client = new pg.Client({ connectionString: postgres.url('postgres') });
    await client.connect();
    await client.query('create table if not exists people (email text primary key)');
    await client.query('insert into people values ($1)', [secret]);
    const failures = [
      client.query('insert into people values ($1)', [secret]),
      client.query('select $1::jsonb', [JSON.stringify({ name: `${secret}\u0000` })]),
      client.query(`select '${secret.replace(/'/g, "''")}'::uuid`),
      client.query(`select * from people where email = '${secret}' and nonsense`),
    ];
    for (const failure of failures) await expect(failure).rejects.toThrow(/./);
    await client.end();
    // A failed login is logged (FATAL) after the errors above were answered: once it shows, they would have too.
    const wrongPassword = new pg.Client({ connectionString: postgres.url('postgres').replace(/:[^:@]+@/, ':not-the-password@') });
    await expect(wrongPassword.connect()).rejects.toThrow(/password authentication failed/);
    const deadline = Date.now() + 5000;
    while (!lines.some((line) => line.includes('password authentication failed')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lines.some((line) => line.includes('password authentication failed'))).toBe(true);
    expect(lines.filter((line) => line.includes('secret-customer-text') || line.includes('07911'))).toEqual([]);
  });

  it('waits for a shop killed a moment ago to go, instead of refusing as "in use"', async () => {
    // The earlier shop's pid, still alive for a second: the new start must wait for it, then take over.
    const dying = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 1500)']);
    fs.writeFileSync(path.join(dataDir, 'app.pid'), String(dying.pid));
    const started = Date.now();
    const again = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      const client = new pg.Client({ connectionString: again.url('postgres') });
      await client.connect();
      await client.end();
    } finally {
      await postgres.stop();
      postgres = again;
    }
  }, 60_000);

  it('still refuses a data directory a live shop owns', async () => {
    const release = claimDataDir(dataDir);
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    fs.writeFileSync(path.join(dataDir, 'app.pid'), String(live.pid));
    try {
      // The owner is alive throughout: the refusal comes once the grace for a dying shop is over, whatever its
      // length (the shop's 10 s is the wait the test above sees end early).
      await expect(startEmbeddedPostgres({ dataDir, dyingShopGraceMs: 300 })).rejects.toThrow(`in use by a running shop (pid ${live.pid})`);
    } finally {
      live.kill();
      release();
    }
  }, 60_000);
});
