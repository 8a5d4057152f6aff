import { createHmac } from 'node:crypto';
import { sql } from 'slonik';
import { DomainError } from '../core/errors';
import type { DatabasePool } from '../db/pool';
import type { LimitName, LimitSettings } from './definitions';

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts calls per limit and key; see definitions.ts for the limits and docs/limits.md for their settings. Each
 * method is one statement on Postgres (table limit_windows, migration 086), so every instance of the shop shares
 * one count per limit and key, and calls side by side, on one instance or several, cannot all pass a check.
 */
export interface Limits {
  /** Counts one call for `key` and says whether it is within the limit. */
  take(name: LimitName, key: string, now: Date): Promise<LimitDecision>;
  /** Says whether `key` is already over the limit, without counting a call. */
  peek(name: LimitName, key: string, now: Date): Promise<LimitDecision>;
  /**
   * Uncounts one call taken in the current window (a call counted before it was known whether it counts, such
   * as a voucher code that turned out to be good). Nothing when the window has ended or holds no call.
   */
  giveBack(name: LimitName, key: string, now: Date): Promise<void>;
  /** Forgets `key`'s calls, e.g. an account's failures once it logs in. */
  reset(name: LimitName, key: string): Promise<void>;
  /**
   * Remembers `item` (a voucher code, say) as counted for `key` in this limit's current window: true when it was
   * not yet (the caller counts it), false when it was. Forgotten with the window, on reset and by `forgetItem`.
   * A window remembers at most the limit's `max` items (a caller that forgets the items it gives back never holds
   * more); past that every item is new, which counts more, never less.
   */
  firstTime(name: LimitName, key: string, item: string, now: Date): Promise<boolean>;
  /** Forgets that `item` was counted for `key` (its call was given back). */
  forgetItem(name: LimitName, key: string, item: string, now: Date): Promise<void>;
}

/**
 * Fixed windows in Postgres (limit_windows): a window begins at a key's first call, by the `now` the caller
 * passes (the shop's clock, never the database's), and lasts the limit's `windowSeconds`; the first call after
 * it ends begins the next, in the same statement that counts it. Keys and items are stored as keyed hashes
 * (HMAC-SHA256 with `secret`, the session key), never as the addresses, account ids and emails they are. Each
 * method is one statement and one round trip, with no transaction around it: an upsert locks its row, so calls
 * side by side count one after the other. Rows of ended windows are deleted by forgetEndedWindows (hourly).
 */
export function createLimits(pool: DatabasePool, settings: LimitSettings, secret: string): Limits {
  const hashOf = (kind: 'key' | 'item', text: string) => createHmac('sha256', secret).update(`limit-${kind}\u0000${text}`, 'utf8').digest('base64url');
  const endOf = (name: LimitName, now: Date) => new Date(now.getTime() + settings[name].windowSeconds * 1000).toISOString();
  const decide = (name: LimitName, row: { count: number; endsAt: number } | null, at: number): LimitDecision => {
    if (!row || row.count <= settings[name].max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.endsAt - at) / 1000)) };
  };
  return {
    async take(name, key, now) {
      const row = await pool.one<{ count: number; endsAt: number }>(sql.unsafe`
        insert into limit_windows as w (limit_name, key_hash, ends_at, count) values (${name}, ${hashOf('key', key)}, ${endOf(name, now)}::timestamptz, 1)
        on conflict (limit_name, key_hash) do update set
          count = case when w.ends_at <= ${now.toISOString()}::timestamptz then 1 else w.count + 1 end,
          items = case when w.ends_at <= ${now.toISOString()}::timestamptz then '{}' else w.items end,
          ends_at = case when w.ends_at <= ${now.toISOString()}::timestamptz then excluded.ends_at else w.ends_at end
        returning count, ends_at as "endsAt"`);
      return decide(name, row, now.getTime());
    },
    async peek(name, key, now) {
      const row = await pool.maybeOne<{ count: number; endsAt: number }>(sql.unsafe`
        select count, ends_at as "endsAt" from limit_windows
         where limit_name = ${name} and key_hash = ${hashOf('key', key)} and ends_at > ${now.toISOString()}::timestamptz`);
      // Over the limit means the next call would be refused.
      return decide(name, row && { ...row, count: row.count + 1 }, now.getTime());
    },
    async giveBack(name, key, now) {
      await pool.query(sql.unsafe`
        update limit_windows set count = count - 1
         where limit_name = ${name} and key_hash = ${hashOf('key', key)} and ends_at > ${now.toISOString()}::timestamptz and count > 0`);
    },
    async reset(name, key) {
      await pool.query(sql.unsafe`delete from limit_windows where limit_name = ${name} and key_hash = ${hashOf('key', key)}`);
    },
    async firstTime(name, key, item, now) {
      // item_was_new records, in the same statement, whether the item was remembered before it: a statement's
      // RETURNING sees only the row as written.
      const itemHash = hashOf('item', item);
      const ended = sql.fragment`w.ends_at <= ${now.toISOString()}::timestamptz`;
      const max = settings[name].max;
      return pool.oneFirst<boolean>(sql.unsafe`
        insert into limit_windows as w (limit_name, key_hash, ends_at, count, items, item_was_new)
        values (${name}, ${hashOf('key', key)}, ${endOf(name, now)}::timestamptz, 0,
                case when ${max}::int > 0 then array[${itemHash}::text] else '{}'::text[] end, true)
        on conflict (limit_name, key_hash) do update set
          items = case when ${ended} then excluded.items
                       when ${itemHash}::text = any(w.items) then w.items
                       when cardinality(w.items) < ${max}::int then w.items || ${itemHash}::text
                       else w.items end,
          item_was_new = ${ended} or not (${itemHash}::text = any(w.items)),
          count = case when ${ended} then 0 else w.count end,
          ends_at = case when ${ended} then excluded.ends_at else w.ends_at end
        returning item_was_new`);
    },
    async forgetItem(name, key, item, now) {
      await pool.query(sql.unsafe`
        update limit_windows set items = array_remove(items, ${hashOf('item', item)}::text)
         where limit_name = ${name} and key_hash = ${hashOf('key', key)} and ends_at > ${now.toISOString()}::timestamptz`);
    },
  };
}

const SWEEP_BATCH_SIZE = 1000;

/**
 * Deletes the rows of windows ended by `now` (the shop's hourly housekeeping), a batch at a time: each batch is
 * its own short statement, so a backlog never holds locks for long, and rows a call has locked meanwhile are left
 * for the next sweep. A window still running is never touched. Returns how many rows went.
 */
export async function forgetEndedWindows(pool: DatabasePool, now: Date, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? SWEEP_BATCH_SIZE;
  let deleted = 0;
  for (;;) {
    const result = await pool.query(sql.unsafe`
      delete from limit_windows where (limit_name, key_hash) in (
        select limit_name, key_hash from limit_windows where ends_at <= ${now.toISOString()}::timestamptz
         order by ends_at limit ${batchSize} for update skip locked)`);
    deleted += result.rowCount;
    if (result.rowCount < batchSize) return deleted;
  }
}

/**
 * Takes one call of each limit at once: if any refuses, every one is given back (the call is not made) and the
 * longest wait is answered. Taking is counting and deciding in one statement, so calls running side by side cannot
 * all pass a check made before any of them was counted. The takes run side by side: one round trip.
 */
export async function takeAll(limits: Limits, takes: ReadonlyArray<readonly [LimitName, string]>, now: Date): Promise<LimitDecision> {
  const decision = strictest(await Promise.all(takes.map(([name, key]) => limits.take(name, key, now))));
  if (!decision.allowed) await Promise.all(takes.map(([name, key]) => limits.giveBack(name, key, now)));
  return decision;
}

/** Several limits' answers as one: allowed when all allow, else the longest wait. */
function strictest(decisions: LimitDecision[]): LimitDecision {
  const refused = decisions.filter((decision): decision is Extract<LimitDecision, { allowed: false }> => !decision.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((decision) => decision.retryAfterSeconds)) };
}

/**
 * Counts each distinct `item` once per window of the first limit's key (a voucher code per session): a new item is
 * remembered (firstTime, one statement, so the same item sent side by side is new to one call only), then taken
 * from every limit at once (takeAll), and forgotten again if refused; an item already counted is not counted
 * again, only refused when a limit is over. `counted` says whether this call counted it (see giveBackItem).
 */
export async function takeItem(
  limits: Limits,
  takes: ReadonlyArray<readonly [LimitName, string]>,
  item: string,
  now: Date,
): Promise<{ decision: LimitDecision; counted: boolean }> {
  const [name, key] = takes[0]!;
  if (!(await limits.firstTime(name, key, item, now))) {
    return { decision: strictest(await Promise.all(takes.map(([each, eachKey]) => limits.peek(each, eachKey, now)))), counted: false };
  }
  const decision = await takeAll(limits, takes, now);
  if (!decision.allowed) await limits.forgetItem(name, key, item, now);
  return { decision, counted: decision.allowed };
}

/** Gives back an item takeItem counted (it turned out not to count): every limit's call, and the item. */
export async function giveBackItem(limits: Limits, takes: ReadonlyArray<readonly [LimitName, string]>, item: string, now: Date): Promise<void> {
  const [name, key] = takes[0]!;
  await Promise.all([limits.forgetItem(name, key, item, now), ...takes.map(([each, eachKey]) => limits.giveBack(each, eachKey, now))]);
}

/**
 * Makes sure `item` is counted in this window, for a call takeItem did not count (a repeat) that turned out to
 * count after all, while the call that had counted it gave it back meanwhile. Nothing is refused: it is counted.
 */
export async function countItem(limits: Limits, takes: ReadonlyArray<readonly [LimitName, string]>, item: string, now: Date): Promise<void> {
  const [name, key] = takes[0]!;
  if (await limits.firstTime(name, key, item, now)) await Promise.all(takes.map(([each, eachKey]) => limits.take(each, eachKey, now)));
}

/**
 * Runs `work` as one call of a limit that counts only what it protects (an order placed, not a request): the call
 * is taken first, so calls side by side cannot all pass, and given back when `work` is refused (throws) or
 * `counted` says its result took nothing new (a repeat answered again). Over the limit: the 429, and no work.
 */
export async function takeForWork<T>(
  limits: Limits,
  take: { name: LimitName; key: string; what: string },
  now: () => Date,
  work: () => Promise<T>,
  counted: (result: T) => boolean = () => true,
): Promise<T> {
  refuseWhenOver(await takeAll(limits, [[take.name, take.key]], now()), take.what);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await limits.giveBack(take.name, take.key, now());
    throw error;
  }
  if (!counted(result)) await limits.giveBack(take.name, take.key, now());
  return result;
}

/** Turns a refusal into the 429 every limited route answers, with its Retry-After. */
export function refuseWhenOver(decision: LimitDecision, what: string): void {
  if (decision.allowed) return;
  throw new DomainError('too_many', `Too many ${what}: please try again in ${decision.retryAfterSeconds} s`, decision.retryAfterSeconds);
}
