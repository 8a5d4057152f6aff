import { DomainError } from '../core/errors';
import type { LimitName, LimitSettings } from './definitions';

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts calls per limit and key; see definitions.ts for the limits and docs/limits.md for their settings. */
export interface Limits {
  /** Counts one call for `key` and says whether it is within the limit. */
  take(name: LimitName, key: string, now: Date): LimitDecision;
  /** Says whether `key` is already over the limit, without counting a call. */
  peek(name: LimitName, key: string, now: Date): LimitDecision;
  /**
   * Uncounts one call taken in the current window (a call counted before it was known whether it counts, such
   * as a voucher code that turned out to be good). Nothing when the window has ended or holds no call.
   */
  giveBack(name: LimitName, key: string, now: Date): void;
  /** Forgets `key`'s calls, e.g. an account's failures once it logs in. */
  reset(name: LimitName, key: string): void;
  /**
   * Remembers `item` (a voucher code, say) as counted for `key` in this limit's current window: true when it was
   * not yet (the caller counts it), false when it was. Forgotten with the window, on reset and by `forgetItem`.
   * A window remembers at most the limit's `max` items (a caller that forgets the items it gives back never holds
   * more); past that every item is new, which counts more, never less.
   */
  firstTime(name: LimitName, key: string, item: string, now: Date): boolean;
  /** Forgets that `item` was counted for `key` (its call was given back). */
  forgetItem(name: LimitName, key: string, item: string, now: Date): void;
}

interface Window {
  startedAt: number;
  count: number;
  items?: Set<string>;
}

/**
 * Fixed windows kept in this process's memory: right for one shop instance (several instances would each keep
 * their own counts; docs/limits.md says so). Each limit holds at most `maxKeys` keys, the oldest window forgotten
 * first, so a flood of made-up keys cannot grow memory.
 */
export function createLimits(settings: LimitSettings, options: { maxKeys?: number } = {}): Limits {
  const maxKeys = options.maxKeys ?? 50_000;
  const windows = new Map<LimitName, Map<string, Window>>();
  const windowOf = (name: LimitName, key: string, at: number, create: boolean) => {
    let keys = windows.get(name);
    if (!keys) windows.set(name, (keys = new Map()));
    const current = keys.get(key);
    if (current && at - current.startedAt < settings[name].windowSeconds * 1000) return current;
    keys.delete(key);
    if (!create) return undefined;
    const fresh: Window = { startedAt: at, count: 0 };
    keys.set(key, fresh);
    if (keys.size > maxKeys) keys.delete(keys.keys().next().value!);
    return fresh;
  };
  const decide = (name: LimitName, window: Pick<Window, 'startedAt' | 'count'> | undefined, at: number): LimitDecision => {
    if (!window || window.count <= settings[name].max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + settings[name].windowSeconds * 1000 - at) / 1000)) };
  };
  return {
    take(name, key, now) {
      const at = now.getTime();
      const window = windowOf(name, key, at, true)!;
      window.count += 1;
      return decide(name, window, at);
    },
    peek(name, key, now) {
      const at = now.getTime();
      const window = windowOf(name, key, at, false);
      // Over the limit means the next call would be refused.
      return decide(name, window && { ...window, count: window.count + 1 }, at);
    },
    giveBack(name, key, now) {
      const window = windowOf(name, key, now.getTime(), false);
      if (window && window.count > 0) window.count -= 1;
    },
    reset(name, key) {
      windows.get(name)?.delete(key);
    },
    firstTime(name, key, item, now) {
      const window = windowOf(name, key, now.getTime(), true)!;
      if (window.items?.has(item)) return false;
      window.items ??= new Set();
      if (window.items.size < settings[name].max) window.items.add(item);
      return true;
    },
    forgetItem(name, key, item, now) {
      windowOf(name, key, now.getTime(), false)?.items?.delete(item);
    },
  };
}

/**
 * Takes one call of each limit at once: if any refuses, every one is given back (the call is not made) and the
 * longest wait is answered. Taking is counting and deciding in one step, so calls running side by side cannot
 * all pass a check made before any of them was counted.
 */
export function takeAll(limits: Limits, takes: ReadonlyArray<readonly [LimitName, string]>, now: Date): LimitDecision {
  const decision = strictest(takes.map(([name, key]) => limits.take(name, key, now)));
  if (!decision.allowed) for (const [name, key] of takes) limits.giveBack(name, key, now);
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
 * taken from every limit at once (takeAll) and remembered, and forgotten again if refused; an item already
 * counted is not counted again, only refused when a limit is over. All in one synchronous step, so the same item
 * sent side by side is counted once. `counted` says whether this call counted it (see giveBackItem).
 */
export function takeItem(
  limits: Limits,
  takes: ReadonlyArray<readonly [LimitName, string]>,
  item: string,
  now: Date,
): { decision: LimitDecision; counted: boolean } {
  const [name, key] = takes[0]!;
  if (!limits.firstTime(name, key, item, now)) {
    return { decision: strictest(takes.map(([each, eachKey]) => limits.peek(each, eachKey, now))), counted: false };
  }
  const decision = takeAll(limits, takes, now);
  if (!decision.allowed) limits.forgetItem(name, key, item, now);
  return { decision, counted: decision.allowed };
}

/** Gives back an item takeItem counted (it turned out not to count): every limit's call, and the item. */
export function giveBackItem(limits: Limits, takes: ReadonlyArray<readonly [LimitName, string]>, item: string, now: Date): void {
  const [name, key] = takes[0]!;
  limits.forgetItem(name, key, item, now);
  for (const [each, eachKey] of takes) limits.giveBack(each, eachKey, now);
}

/**
 * Makes sure `item` is counted in this window, for a call takeItem did not count (a repeat) that turned out to
 * count after all, while the call that had counted it gave it back meanwhile. Nothing is refused: it is counted.
 */
export function countItem(limits: Limits, takes: ReadonlyArray<readonly [LimitName, string]>, item: string, now: Date): void {
  const [name, key] = takes[0]!;
  if (limits.firstTime(name, key, item, now)) for (const [each, eachKey] of takes) limits.take(each, eachKey, now);
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
  refuseWhenOver(takeAll(limits, [[take.name, take.key]], now()), take.what);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    limits.giveBack(take.name, take.key, now());
    throw error;
  }
  if (!counted(result)) limits.giveBack(take.name, take.key, now());
  return result;
}

/** Turns a refusal into the 429 every limited route answers, with its Retry-After. */
export function refuseWhenOver(decision: LimitDecision, what: string): void {
  if (decision.allowed) return;
  throw new DomainError('too_many', `Too many ${what}: please try again in ${decision.retryAfterSeconds} s`, decision.retryAfterSeconds);
}
