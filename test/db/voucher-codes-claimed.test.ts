import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, MIGRATIONS_DIR } from '../../src/db/migrate';

const CLAIMS = '031_voucher_codes_claimed.sql';

/** Migration 031 on a shop that already has vouchers: every code they hold is claimed, the first voucher keeping it. */
describe('migration 031: the voucher codes claimed', () => {
  const name = `m_${randomBytes(6).toString('hex')}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  let client: pg.Client;

  const admin = async (text: string) => {
    const adminClient = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL! });
    await adminClient.connect();
    try {
      await adminClient.query(text);
    } finally {
      await adminClient.end();
    }
  };
  const url = () => {
    const address = new URL(process.env.TEST_POSTGRES_URL!);
    address.pathname = `/${name}`;
    return address.toString();
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql') && parseInt(file, 10) < 31)) {
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
    }
    await migrate(url(), { dir });
    client = new pg.Client({ connectionString: url() });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const created = async (voucherId: string, codes: string[]) => {
    const stream = `voucher-${voucherId}`;
    await client.query('insert into es_streams (stream_name, revision) values ($1, 0)', [stream]);
    await client.query(
      `insert into es_events (stream_name, revision, event_id, event_type, data, metadata)
       values ($1, 0, gen_random_uuid(), 'VoucherCreated', $2, '{}')`,
      [stream, JSON.stringify({ voucherId, codes, singleUse: codes.length > 1, terms: {}, createdAt: '2026-11-20T19:00:00.000Z' })],
    );
  };

  it('claims the codes of the vouchers in the events and in the read model, and refuses a code claimed', async () => {
    const [first, second, onlyInReadModel] = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
    await created(first, ['FLYER10']);
    await created(second, ['AAAA2222', 'FLYER10', 'BBBB3333']); // before the claims, a race could give a code twice
    // The read model is behind (it has not seen the second voucher yet), and holds a voucher whose event is not
    // here (the events in EventStoreDB).
    await client.query(`insert into voucher_codes (code, voucher_id) values ('FLYER10', $1), ('SHARED', $2)`, [first, onlyInReadModel]);

    fs.copyFileSync(path.join(MIGRATIONS_DIR, CLAIMS), path.join(dir, CLAIMS));
    expect(await migrate(url(), { dir })).toEqual([CLAIMS]);

    const claims = (await client.query('select code, voucher_id from voucher_codes_claimed order by code')).rows;
    expect(claims).toEqual([
      { code: 'AAAA2222', voucher_id: second },
      { code: 'BBBB3333', voucher_id: second },
      { code: 'FLYER10', voucher_id: first },
      { code: 'SHARED', voucher_id: onlyInReadModel },
    ]);
    await expect(client.query(`insert into voucher_codes_claimed (code, voucher_id) values ('SHARED', $1)`, [first])).rejects.toMatchObject({ code: '23505' });
  });
});
