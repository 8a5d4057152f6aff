import { DomainError } from '../core/errors';

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

/** One stream let through: `close` gives its place back (once, however often called). */
export type StreamSlot = { allowed: true; close(): void } | { allowed: false };

/**
 * Caps on the streams held open at once, per client address and per session: unlike the windowed limits
 * (limits.ts), a stream counts from its opening until it closes. Kept in this process's memory, like the
 * other limits: each instance caps its own streams, and a restart starts from none (the streams end with it).
 */
export function createLiveStreamCaps(caps: LiveStreamCaps) {
  const open = new Map<string, number>();
  const keysOf = (client: { address: string; session?: string }) => [
    [`address ${client.address}`, caps.perAddress] as const,
    ...(client.session === undefined ? [] : [[`session ${client.session}`, caps.perSession] as const]),
  ];
  return {
    /** Counts a stream for the client's address and session, or refuses it (counting nothing) when either is full. */
    open(client: { address: string; session?: string }): StreamSlot {
      const keys = keysOf(client);
      if (keys.some(([key, max]) => (open.get(key) ?? 0) >= max)) return { allowed: false };
      for (const [key] of keys) open.set(key, (open.get(key) ?? 0) + 1);
      let closed = false;
      return {
        allowed: true,
        close() {
          if (closed) return;
          closed = true;
          for (const [key] of keys) {
            const left = (open.get(key) ?? 1) - 1;
            if (left > 0) open.set(key, left);
            else open.delete(key);
          }
        },
      };
    },
    /** Streams open for a key, e.g. `address 127.0.0.1` (for tests and the bench). */
    count(key: string): number {
      return open.get(key) ?? 0;
    },
  };
}

export type LiveStreamLimits = ReturnType<typeof createLiveStreamCaps>;

/** Turns a refused stream into a 429 with a plain message (a stream has no window to wait for). */
export function refuseWhenFull(slot: StreamSlot): asserts slot is Extract<StreamSlot, { allowed: true }> {
  if (!slot.allowed) throw new DomainError('too_many', TOO_MANY_STREAMS);
}
