import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'slonik';
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { LIMIT_DEFAULTS } from '../../src/limits';
import { startShop, type Shop } from '../../src/server';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { cookieHeader } from './http';

const ADMIN = { email: 'owner@test.example', password: 'the owner password 42' };
/** Luhn-valid test card number. */
const CARD = '4111111111111111';

describe('what the shop writes down', () => {
  let database: TestDatabase;
  let shop: Shop;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-data-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_MENU: 'false',
      PROJECTION_POLL_MS: '50',
    });
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    shop = await startShop(config, { logger });
  });

  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const headers = () => ({ Origin: shop.url, 'Sec-Fetch-Site': 'same-origin', 'X-Requested-With': 'fetch' });

  it('keeps passwords, session ids and card numbers out of the logs and the database', async () => {
    const login = await request(shop.url).post('/api/login').set(headers()).send(ADMIN);
    expect(login.status).toBe(200);
    const cookie = cookieHeader(login);
    const sessionId = /shop\.sid=([^;]+)/.exec(cookie)![1];
    expect((await request(shop.url).get('/api/me').set('Cookie', cookie)).body.user.email).toBe(ADMIN.email);
    const wrong = await request(shop.url).post('/api/login').set(headers()).send({ email: ADMIN.email, password: CARD });
    expect(wrong.status).toBe(401);
    const cardAsEmail = await request(shop.url).post('/api/login').set(headers()).send({ email: CARD, password: CARD });
    expect(cardAsEmail.status).toBe(400);
    expect(cardAsEmail.text).not.toContain(CARD);

    const log = lines.join('');
    expect(log).toContain('"msg":"request"');
    expect(log).toContain('/api/login');
    for (const secret of [ADMIN.password, sessionId, CARD]) expect(log).not.toContain(secret);

    const tables = (await shop.pool.anyFirst(
      sql.unsafe`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )) as readonly string[];
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'login_failures', 'es_events']));
    for (const table of tables) {
      const dump = JSON.stringify(
        await shop.pool.oneFirst(sql.unsafe`select coalesce(json_agg(t), '[]') from ${sql.identifier([table])} t`),
      );
      for (const secret of [ADMIN.password, CARD]) expect({ table, leaks: dump.includes(secret) }).toEqual({ table, leaks: false });
    }
  });

  it("writes the web app's log lines, but no card number, and no more than 30 a minute from one address", async () => {
    const send = (body: object) => request(shop.url).post('/api/log').set(headers()).send(body);
    const before = lines.length;
    const card = await send({ level: 'critical', message: 'payment failed', error: `card ${CARD} was refused` });
    expect(card.status).toBe(400);
    expect(card.body.message).toContain('Please do not write card numbers here');
    expect(lines.slice(before).join('')).not.toContain(CARD);

    // The refused line counted: 29 more are written, the next is refused until the minute is over.
    for (let line = 1; line < LIMIT_DEFAULTS.log_lines.max; line++) expect((await send({ level: 'info', message: `line ${line}` })).status).toBe(200);
    const flooding = await send({ level: 'info', message: 'one too many' });
    expect(flooding.status).toBe(429);
    expect(Number(flooding.headers['retry-after'])).toBeGreaterThan(0);
    const written = lines.slice(before).filter((line) => line.includes('"from":"web"'));
    expect(written).toHaveLength(LIMIT_DEFAULTS.log_lines.max - 1);
    expect(written.join('')).not.toContain('one too many');
  });
});
