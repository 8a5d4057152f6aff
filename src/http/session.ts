import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import createSession from 'koa-session';
import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';

const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

declare module 'koa' {
  interface DefaultContext {
    session: ({ userId?: string; [key: string]: unknown } & {
      regenerate(): Promise<void>;
      toJSON(): Record<string, unknown>;
      maxAge?: number;
    }) | null;
  }
}

/** koa-session's store in Postgres: the cookie carries only an opaque 256-bit id. */
export function postgresSessionStore(pool: DatabasePool) {
  return {
    async get(id: string) {
      const row = await pool.maybeOne(sql.unsafe`
        select data from sessions where id = ${id} and expires_at > now()`);
      return row ? ((row as { data: Record<string, unknown> }).data) : undefined;
    },
    async set(id: string, data: unknown, maxAge: number) {
      const ageMs = typeof maxAge === 'number' ? maxAge : MAX_AGE_MS;
      await pool.query(sql.unsafe`
        insert into sessions (id, data, expires_at)
        values (${id}, ${sql.jsonb(data as never)}, now() + ${ageMs} * interval '1 millisecond')
        on conflict (id) do update set data = excluded.data, expires_at = excluded.expires_at`);
    },
    async destroy(id: string) {
      await pool.query(sql.unsafe`delete from sessions where id = ${id}`);
    },
  };
}

export async function deleteExpiredSessions(pool: DatabasePool): Promise<void> {
  await pool.query(sql.unsafe`delete from sessions where expires_at <= now()`);
}

/** SESSION_KEYS when given; otherwise keys generated once and kept in DATA_DIR, so restarts keep sessions. */
export function sessionKeys(configured: string[] | undefined, dataDir: string): string[] {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-keys');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return [fs.readFileSync(file, 'utf8').trim()];
}

export function sessionMiddleware(app: Koa, pool: DatabasePool, options: { production: boolean }) {
  return createSession(
    {
      // Browsers only accept __Host- cookies over HTTPS, so the prefix comes with production.
      key: options.production ? '__Host-shop.sid' : 'shop.sid',
      maxAge: MAX_AGE_MS,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      secure: options.production,
      rolling: false,
      renew: false,
      store: postgresSessionStore(pool),
      genid: () => randomBytes(32).toString('base64url'),
    },
    app,
  );
}
