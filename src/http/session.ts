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

/** How long a session read from Postgres is served from memory: another instance's change shows after this. */
const CACHE_MS = 1000;
const CACHED_SESSIONS = 10_000;

/**
 * koa-session's store in Postgres: the cookie carries only an opaque 256-bit id. What this process wrote or
 * read in the last second is served from memory (writes go to Postgres first), so the requests of one
 * checkout, which come in quick succession, cost one read between them.
 */
export function postgresSessionStore(pool: DatabasePool, clock: () => number = Date.now) {
  const recent = new Map<string, { json: string; expiresAt: number; cachedAt: number }>();
  /** Counts writes and deletes per session id, so a read that overlapped one is not kept. */
  const changes = new Map<string, number>();
  const changed = (id: string) => {
    changes.delete(id);
    changes.set(id, (changes.get(id) ?? 0) + 1);
    if (changes.size > CACHED_SESSIONS) changes.delete(changes.keys().next().value!);
  };
  const remember = (id: string, data: unknown, expiresAt: number) => {
    recent.delete(id);
    recent.set(id, { json: JSON.stringify(data), expiresAt, cachedAt: clock() });
    if (recent.size > CACHED_SESSIONS) recent.delete(recent.keys().next().value!);
  };
  return {
    async get(id: string) {
      const now = clock();
      const cached = recent.get(id);
      // A copy each time: koa-session changes the object it is given.
      if (cached && now - cached.cachedAt < CACHE_MS && now < cached.expiresAt) return JSON.parse(cached.json) as Record<string, unknown>;
      const before = changes.get(id);
      const row = (await pool.maybeOne(sql.unsafe`
        select data, expires_at from sessions where id = ${id} and expires_at > now()`)) as { data: Record<string, unknown>; expires_at: number } | null;
      if (!row) {
        recent.delete(id);
        return undefined;
      }
      if (changes.get(id) === before) remember(id, row.data, row.expires_at);
      return row.data;
    },
    async set(id: string, data: unknown, maxAge: number) {
      const ageMs = typeof maxAge === 'number' ? maxAge : MAX_AGE_MS;
      await pool.query(sql.unsafe`
        insert into sessions (id, data, expires_at)
        values (${id}, ${sql.jsonb(data as never)}, now() + ${ageMs} * interval '1 millisecond')
        on conflict (id) do update set data = excluded.data, expires_at = excluded.expires_at`);
      changed(id);
      remember(id, data, clock() + ageMs);
    },
    async destroy(id: string) {
      changed(id);
      recent.delete(id);
      await pool.query(sql.unsafe`delete from sessions where id = ${id}`);
    },
  };
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

// Browsers only accept __Host- cookies over HTTPS, so the prefix comes with production.
const sessionCookie = (production: boolean) => (production ? '__Host-shop.sid' : 'shop.sid');

/** The id of the session a request carries (its signed cookie), without loading the session or touching it. */
export function sessionIdOf(ctx: Koa.Context, production: boolean): string | undefined {
  return ctx.cookies.get(sessionCookie(production), { signed: true }) || undefined;
}

export function sessionMiddleware(app: Koa, pool: DatabasePool, options: { production: boolean }) {
  return createSession(
    {
      key: sessionCookie(options.production),
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

/**
 * Deletes every session of a user (a disabled account). Each instance's one-second cache may still serve one,
 * which is why the signed-in user is also read afresh on every request (src/identity/auth.ts's loadUser).
 */
export async function endSessionsOf(pool: DatabasePool, userId: string): Promise<number> {
  const result = await pool.query(sql.unsafe`delete from sessions where data->>'userId' = ${userId}`);
  return result.rowCount;
}
