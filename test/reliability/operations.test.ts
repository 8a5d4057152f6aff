import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'slonik';
import request from 'supertest';
import { assertDurable } from '../../src/db/durability';
import { verifyReplay } from '../../src/operations/verify-replay';
import { createTestDatabase, makeDurable } from '../support/database';
import { startTestServer, TEST_MASTER_KEY } from '../support/server';
import { until } from '../support/until';
import { adminCookie, sameOrigin } from '../api/http';
import { shopper } from '../api/shopper';

const ROOT = path.resolve(__dirname, '..', '..');

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('operations', () => {
  it('npm run replay -- <projection> rebuilds a read model that equals the live one, while the shop runs', async () => {
    const server = await startTestServer({ env: { REPLAY_PAUSE_MS: '0' } });
    try {
      const menuRows = () => server.shop.pool.any(sql.unsafe`select * from menu_products order by id`);
      const live = await menuRows();
      expect(live.length).toBeGreaterThan(25);
      const replay = await run(['src/cli/replay.ts', 'menu'], { DATABASE_URL: server.database.url, DATA_DIR: server.shop.config.dataDir, PERSONAL_DATA_MASTER_KEY: TEST_MASTER_KEY });
      expect(replay.output).toContain('Rebuilt menu');
      expect(replay.code).toBe(0);
      expect(await menuRows()).toEqual(live);
      const unknown = await run(['src/cli/replay.ts', 'nothing'], { DATABASE_URL: server.database.url });
      expect(unknown.code).toBe(1);
      expect(unknown.output).toContain('Projections: audit, menu, carts, settings, orders');

      // Issue 40 item 3. The admins' button: every read model rebuilt into a shadow while the shop trades (an order
      // with personal data placed meanwhile), compared with the live one: they agree. (Managers and staff get a 403:
      // test/api/authorisation.test.ts.)
      const admin = await adminCookie(server);
      const verifyUrl = '/api/operations/verify';
      const started = await request(server.baseUrl).post(verifyUrl).set(sameOrigin(server)).set('Cookie', admin).send({ projection: 'all' }).expect(202);
      expect(started.body.verify).toMatchObject({ state: 'running', projection: 'all' });
      const customer = shopper(server);
      await customer.collectOnionBhaji({ email: 'kim@example.com', full_name: 'Kim Lee', phone_number: '07911 123456' });
      await customer.payByPhone().expect(200);
      expect((await customer.complete()).status).toBe(200);
      await server.shop.verify.settled();
      const clean = await request(server.baseUrl).get(verifyUrl).set('Cookie', admin).expect(200);
      expect(clean.body.verify.state).toBe('agrees');
      expect(clean.body.verify.sentences).toEqual(expect.arrayContaining(['orders: the rebuilt read model equals the live one.', 'menu: the rebuilt read model equals the live one.']));
      expect(clean.body.verify.sentences).toHaveLength(clean.body.verify.projections.length);
      const unknownModel = await request(server.baseUrl).post(verifyUrl).set(sameOrigin(server)).set('Cookie', admin).send({ projection: 'nothing' }).expect(400);
      expect(unknownModel.body.message).toBe('projection: choose a read model, or all');

      // A difference planted by hand in a live read model: the command line reports exactly that row and column, and fails.
      const [dish] = live as unknown as Array<{ id: number; name: string }>;
      await server.shop.pool.query(sql.unsafe`update menu_products set name = 'Planted' where id = ${dish.id}`);
      const env = { DATABASE_URL: server.database.url, DATA_DIR: server.shop.config.dataDir, PERSONAL_DATA_MASTER_KEY: TEST_MASTER_KEY };
      const differs = await run(['src/cli/replay.ts', '--verify', 'menu', '--pause-ms', '0'], env);
      expect(differs.output).toContain('menu: 1 row differs between the live and the rebuilt read model.');
      expect(differs.output).toContain(`menu_products, id = ${dish.id}: name is "Planted" live but ${JSON.stringify(dish.name)} rebuilt.`);
      expect(differs.code).toBe(1);
      expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from pg_namespace where nspname like 'shadow\_%'`)).toBe(0);

      // The shop's in-memory menu holds the planted name; a swap puts the rebuilt read model in its place and the
      // shop, told by the swap's notification through Postgres (as every instance is), serves the rebuilt name again.
      const menuRunner = server.shop.runners.find((runner) => runner.projection.name === 'menu')!;
      menuRunner.readModelReplaced();
      const servedName = async () => ((await request(server.baseUrl).get('/api/menu').expect(200)).body.products as Array<{ id: number; name: string }>).find((p) => p.id === dish.id)?.name;
      expect(await servedName()).toBe('Planted');
      const swapped = await verifyReplay({ pool: server.shop.pool, store: server.shop.store, projections: [menuRunner.projection], batchSize: 100, pauseMs: 0, swap: true });
      expect(swapped.sentences[0]).toBe('menu: 1 row differs between the live and the rebuilt read model. The live read model was replaced with the rebuilt one.');
      expect(await menuRows()).toEqual(live);
      await until(async () => (await servedName()) === dish.name, 'the shop to serve the rebuilt menu');

      // A swap is a write: each order's row version (a write counter, left out of the comparison) takes a new,
      // higher number from the live sequence, so a staff screen holding a row never takes the swapped one for an
      // older answer. (The orders table keeps its version trigger: the swap copies rows, it renames no table.)
      const versions = async () => (await server.shop.pool.anyFirst<string>(sql.unsafe`select version::text from orders order by order_id`)).map(BigInt);
      const before = await versions();
      const orders = server.shop.runners.find((runner) => runner.projection.name === 'orders')!.projection;
      const ordersSwapped = await verifyReplay({ pool: server.shop.pool, store: server.shop.store, projections: [orders], batchSize: 100, pauseMs: 0, swap: true });
      expect(ordersSwapped.sentences).toEqual(['orders: the rebuilt read model equals the live one. The live read model was replaced with the rebuilt one.']);
      const after = await versions();
      expect(after.length).toBe(before.length);
      expect(after.every((version, index) => version > before[index])).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it('refuses to run the event store in production on a Postgres that may lose commits', async () => {
    const database = await createTestDatabase();
    try {
      // The run's cluster does not wait for the disk by default (test/support/global-setup.ts); this database does.
      await makeDurable(database.name);
      await expect(assertDurable(database.url)).resolves.toBeUndefined();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`alter database ${database.name} set synchronous_commit = off`);
      await client.end();
      await expect(assertDurable(database.url)).rejects.toThrow('synchronous_commit=off');
    } finally {
      await database.drop();
    }
  });
});
