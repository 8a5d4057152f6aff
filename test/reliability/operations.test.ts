import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'slonik';
import { assertDurable } from '../../src/db/durability';
import { createTestDatabase, makeDurable } from '../support/database';
import { startTestServer, TEST_MASTER_KEY } from '../support/server';

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
    const server = await startTestServer();
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
