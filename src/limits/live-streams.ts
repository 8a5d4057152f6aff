import { createHmac } from 'node:crypto';
import { sql } from 'slonik';
import type { Clock } from '../core/clock';
import { DomainError } from '../core/errors';
import type { DatabasePool } from '../db/pool';
import { ALIVE_MS, type InstanceRegistry } from '../instances';

/**
 * Live-update streams (Server-Sent Events) one session may hold open at once. A page of the shop holds two or
 * three (the store banner, the menu or the live orders, a card payment's outcome): three tabs' worth.
 */
export const LIVE_STREAMS_PER_SESSION = 6;

/**
 * The default of LIVE_STREAMS_PER_ADDRESS. Room for a kitchen's many screens (the bench follows the live orders
 * on 50 from one address) and for customers behind one mobile carrier's shared address, while one address
 * cannot hold thousands (each stream costs about 32 KB: 2,000 cost 64 MB).
 */
export const LIVE_STREAMS_PER_ADDRESS = 200;

export const TOO_MANY_STREAMS = 'Too many live updates are open at once from here: close another tab of the shop, then reload this page';

export interface LiveStreamCaps {
  perAddress: number;
  perSession: number;
}

/** One stream let through: `close` gives its place back (once, however often called; never rejects). */
export type StreamSlot = { allowed: true; close(): Promise<void> } | { allowed: false };

/** Where the open streams are counted: the database, this instance's id, and the key the hashes are made with. */
export interface LiveStreamStore {
  pool: DatabasePool;
  clock: Clock;
  registry: Pick<InstanceRegistry, 'id' | 'whileRegistered'>;
  /** Keys the hashes of addresses and sessions (the session key, as the basket holders' addresses are). */
  secret: string;
  /** A stream's row could not be deleted: it counts until this instance stops or is found dead. */
  onError: (error: unknown) => void;
}

/**
 * Caps on the streams held open at once, per client address and per session, across every instance of the shop
 * (issue 42): unlike the windowed limits (limits.ts), a stream counts from its opening until it closes. One row
 * per open stream in `live_streams`, naming its instance, with the address and the session as keyed hashes (an
 * HMAC, as modules/cart's basket holders keep addresses: no one without the session key can test addresses or
 * session ids against them). A stream is let in by one transaction that takes the advisory locks of its address's
 * and its session's keys (always address first, so two openings never wait on each other in a circle), counts
 * the rows of alive instances and inserts its own: two instances' openings for one key take turns, so no race
 * passes a cap. Closing deletes the row; an instance's rows go with its row in `shop_instances` (a clean stop, or
 * found dead by another's beat, src/instances), and a dead instance's streams stop counting once it is not alive.
 */
export function createLiveStreamCaps(caps: LiveStreamCaps, store: LiveStreamStore) {
  const { pool, clock, registry } = store;
  const keyOf = (kind: string, value: string) => createHmac('sha256', store.secret).update(`live-stream ${kind}\u0000${value}`, 'utf8').digest('base64url');
  // A stream closed on this instance frees its place before this instance's next opening is counted.
  const closing = new Set<Promise<void>>();

  async function insertWithin(client: { address: string; session?: string }): Promise<string | null> {
    const addressKey = keyOf('address', client.address);
    const sessionKey = client.session === undefined ? null : keyOf('session', client.session);
    const now = clock();
    const aliveSince = new Date(now.getTime() - ALIVE_MS).toISOString();
    return pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`select pg_advisory_xact_lock(hashtext(${`live-streams address ${addressKey}`}))`);
      if (sessionKey !== null) await tx.query(sql.unsafe`select pg_advisory_xact_lock(hashtext(${`live-streams session ${sessionKey}`}))`);
      const counts = await tx.one<{ address: number; session: number }>(sql.unsafe`
        select count(*) filter (where s.address_key = ${addressKey})::int as address,
               count(*) filter (where s.session_key = ${sessionKey})::int as session
          from live_streams s join shop_instances i on i.id = s.instance_id
         where (s.address_key = ${addressKey} or s.session_key = ${sessionKey}) and i.seen_at >= ${aliveSince}`);
      if (counts.address >= caps.perAddress || (sessionKey !== null && counts.session >= caps.perSession)) return null;
      return tx.oneFirst<string>(sql.unsafe`
        insert into live_streams (instance_id, address_key, session_key, opened_at)
        values (${registry.id}, ${addressKey}, ${sessionKey}, ${now.toISOString()}) returning id::text`);
    });
  }

  return {
    /** Counts a stream for the client's address and session, or refuses it (counting nothing) when either is full. */
    async open(client: { address: string; session?: string }): Promise<StreamSlot> {
      await Promise.all(closing);
      const id = await registry.whileRegistered(() => insertWithin(client));
      if (id === null) return { allowed: false };
      let closed: Promise<void> | undefined;
      return {
        allowed: true,
        close() {
          if (closed) return closed;
          closed = pool
            .query(sql.unsafe`delete from live_streams where id = ${id}`)
            .then(() => undefined, store.onError)
            .finally(() => closing.delete(closed!));
          closing.add(closed);
          return closed;
        },
      };
    },
    /** Streams open on alive instances for a client's address and, when given, its session (for tests and the bench). */
    async count(client: { address: string; session?: string }): Promise<{ address: number; session: number }> {
      const aliveSince = new Date(clock().getTime() - ALIVE_MS).toISOString();
      return pool.one<{ address: number; session: number }>(sql.unsafe`
        select count(*) filter (where s.address_key = ${keyOf('address', client.address)})::int as address,
               count(*) filter (where s.session_key = ${client.session === undefined ? null : keyOf('session', client.session)})::int as session
          from live_streams s join shop_instances i on i.id = s.instance_id where i.seen_at >= ${aliveSince}`);
    },
  };
}

export type LiveStreamLimits = ReturnType<typeof createLiveStreamCaps>;

/** Turns a refused stream into a 429 with a plain message (a stream has no window to wait for). */
export function refuseWhenFull(slot: StreamSlot): asserts slot is Extract<StreamSlot, { allowed: true }> {
  if (!slot.allowed) throw new DomainError('too_many', TOO_MANY_STREAMS);
}
