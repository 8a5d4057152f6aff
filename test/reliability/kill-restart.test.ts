import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresEventStore } from '../../src/eventstore/postgres';
import type { Position } from '../../src/eventstore/types';
import { newEvent } from '../eventstore/contract';
import { clusterDirFor, removeSystemCluster } from '../../src/db/embedded-postgres';

const ROOT = path.resolve(__dirname, '..', '..');

/** `npm start` as one process (node with tsx's loader), so SIGKILL hits the server itself. */
function startShopProcess(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', PROJECTION_POLL_MS: '50',
        ADMIN_PASSWORD: 'kill-test-admin-password', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/localhost:\d+)".*"shop is listening"/.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve({ child, url: match[1] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`shop exited with ${code} before listening:\n${output}`)));
  });
}

/** Connects to the embedded cluster the shop process started under dataDir. */
function clusterUrl(dataDir: string): string {
  const port = fs.readFileSync(path.join(clusterDirFor(dataDir), 'postmaster.pid'), 'utf8').split('\n')[3].trim();
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/shop`;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('SIGKILL of the server while events flow', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-kill-'));
  let current: ChildProcess | undefined;

  afterAll(async () => {
    if (current && current.exitCode === null) {
      await new Promise<void>((resolve) => {
        current!.once('exit', () => resolve());
        current!.kill('SIGINT');
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeSystemCluster(dataDir);
  });

  it('loses no acknowledged event and leaves every projection exactly consistent, kill after kill', async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const acknowledged: string[] = [];

    for (let round = 0; round < 3; round++) {
      const shop = await startShopProcess(dataDir);
      current = shop.child;
      const store = createPostgresEventStore({ url: clusterUrl(dataDir), maxConnections: 4 });
      // Writers keep appending while the shop's projection runners work; SIGKILL lands mid-stream.
      let writing = true;
      const writers = [0, 1, 2, 3].map(async (writer) => {
        while (writing) {
          const batch = [newEvent('Tested', { round, writer }), newEvent('Tested', { round, writer })];
          await store.append(`kill-${round}-${writer}-${acknowledged.length}`, batch, { expectedRevision: 'no_stream' });
          acknowledged.push(...batch.map((event) => event.id));
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 200 + random() * 800));
      await killed(shop.child);
      writing = false;
      await Promise.all(writers);
      await store.close();
    }

    // The last start takes over the orphaned cluster, catches up and reports ready.
    const final = await startShopProcess(dataDir);
    current = final.child;
    const store = createPostgresEventStore({ url: clusterUrl(dataDir) });
    const client = new pg.Client({ connectionString: clusterUrl(dataDir) });
    await client.connect();
    try {
      const head = await store.headPosition();
      let ready = await fetch(`${final.url}/readyz`);
      expect(ready.status).toBe(200);
      const checkpoint = await client.query<{ position: Position }>(
        "select position from projection_checkpoints where name = 'audit'",
      );
      expect(checkpoint.rows[0].position >= head).toBe(true);

      const stored = await client.query<{ event_id: string }>('select event_id from es_events');
      const storedIds = new Set(stored.rows.map((row) => row.event_id));
      expect(acknowledged.length).toBeGreaterThan(20);
      for (const id of acknowledged) expect(storedIds.has(id)).toBe(true);

      const audit = await client.query<{ events: number; rows: number; distinct: number }>(`
        select (select count(*)::int from es_events) as events,
               (select count(*)::int from audit_log) as rows,
               (select count(distinct position)::int from audit_log) as distinct`);
      expect(audit.rows[0].rows).toBe(audit.rows[0].events);
      expect(audit.rows[0].distinct).toBe(audit.rows[0].events);
      ready = await fetch(`${final.url}/healthz`);
      expect(ready.status).toBe(200);
    } finally {
      await client.end();
      await store.close();
    }
  });
});
