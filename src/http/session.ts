import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import createSession from 'koa-session';
import { sql } from 'slonik';
import type { ChangeNotices } from '../db/change-notices';
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

/**
 * How long a session read from Postgres is served from memory. Another instance's change removes it at once
 * (its notice, below); this is the bound when notices are lost (the listening connection was down).
 */
const CACHE_MS = 1000;
const CACHED_SESSIONS = 10_000;

/** What a change notice names a session by: not its id, which is the bearer's secret. */
const noticeKey = (id: string) => createHash('sha256').update(`session:${id}`).digest('base64url').slice(0, 22);

/**
 * koa-session's store in Postgres: the cookie carries only an opaque 256-bit id. What this process wrote or
 * read in the last second is served from memory (writes go to Postgres first), so the requests of one
 * checkout, which come in quick succession, cost one read between them. Every write and delete sends a change
 * notice (src/db/change-notices.ts) in its statement, so another instance drops its copy before the
 * customer's next request can reach it.
 */
export function postgresSessionStore(pool: DatabasePool, notices?: ChangeNotices, clock: () => number = Date.now) {
  const recent = new Map<string, { json: string; expiresAt: number; cachedAt: number }>();
  /** The cached session ids by their notice key. */
  const byNoticeKey = new Map<string, string>();
  notices?.on('session', {
    changed: (key) => {
      const id = byNoticeKey.get(key);
      if (id === undefined) return;
      changed(id);
      recent.delete(id);
    },
    lost: () => recent.clear(),
  });
  const notice = (id: string) => notices?.notice('session', noticeKey(id)) ?? sql.fragment`null`;
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
    if (notices) byNoticeKey.set(noticeKey(id), id);
    if (recent.size > CACHED_SESSIONS) {
      const oldest = recent.keys().next().value!;
      recent.delete(oldest);
      if (notices) byNoticeKey.delete(noticeKey(oldest));
    }
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
        with written as (
          insert into sessions (id, data, expires_at)
          values (${id}, ${sql.jsonb(data as never)}, now() + ${ageMs} * interval '1 millisecond')
          on conflict (id) do update set data = excluded.data, expires_at = excluded.expires_at
          returning id)
        select ${notice(id)} from written`);
      changed(id);
      remember(id, data, clock() + ageMs);
    },
    async destroy(id: string) {
      changed(id);
      recent.delete(id);
      await pool.query(sql.unsafe`with gone as (delete from sessions where id = ${id} returning id) select ${notice(id)} from gone`);
    },
  };
}

/** SESSION_KEYS when given; otherwise keys generated once and kept in DATA_DIR, so restarts keep sessions. */
export function sessionKeys(configured: string[] | undefined, dataDir: string): string[] {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-keys');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written aside, then linked in place, which fails if the file is there: of two instances starting together on
    // one DATA_DIR the first's key is the one both read, and neither reads a half-written file.
    const written = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(written, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(written, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(written);
    }
  }
  return [fs.readFileSync(file, 'utf8').trim()];
}

// Browsers only accept __Host- cookies over HTTPS, so the prefix comes with production.
const sessionCookie = (production: boolean) => (production ? '__Host-shop.sid' : 'shop.sid');

/** The id of the session a request carries (its signed cookie), without loading the session or touching it. */
export function sessionIdOf(ctx: Koa.Context, production: boolean): string | undefined {
  return ctx.cookies.get(sessionCookie(production), { signed: true }) || undefined;
}

export function sessionMiddleware(app: Koa, pool: DatabasePool, options: { production: boolean; notices?: ChangeNotices }) {
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
      store: postgresSessionStore(pool, options.notices),
      genid: () => randomBytes(32).toString('base64url'),
    },
    app,
  );
}

/**
 * Deletes every session of a user (a disabled account), with a change notice for each, so no instance goes on
 * serving one from memory; the signed-in user is also read afresh on every request (src/identity/auth.ts's loadUser).
 */
export async function endSessionsOf(pool: DatabasePool, userId: string, notices?: ChangeNotices): Promise<number> {
  const notice = notices ? notices.notice('session', sql.fragment`left(translate(encode(sha256(convert_to('session:' || id, 'UTF8')), 'base64'), '+/', '-_'), 22)`) : sql.fragment`null`;
  const result = await pool.query(sql.unsafe`with gone as (delete from sessions where data->>'userId' = ${userId} returning id) select ${notice} from gone`);
  return result.rowCount;
}
