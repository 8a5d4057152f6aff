import { createHmac } from 'node:crypto';
import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';

/** A basket's row is written again when it is older than this: a basket in use for hours stays counted. */
export const HOLDER_REFRESH_MS = 60 * 60 * 1000;

/**
 * How long a basket is counted for the address it was added to from. A hold lives at most hold_lifetime_minutes
 * (at most a day) from its first unit, which came with an add at most HOLDER_REFRESH_MS after the row was
 * written, so a row older than both together counts nothing that such an add put in.
 */
export const HOLDER_MEMORY_MS = 24 * 60 * 60 * 1000 + HOLDER_REFRESH_MS;

/**
 * Which client address each basket is used from (table basket_holders, migration 032), kept as a keyed hash: a
 * guessable address (there are only 2^32 IPv4 ones) is not stored in a form anyone could test addresses against
 * without the session key. Postgres, so a restart (or another instance) still counts what an address holds.
 */
export function createBasketHolders(pool: DatabasePool, secret: string) {
  return {
    keyOf: (address: string) => createHmac('sha256', secret).update(`basket-holder\u0000${address}`, 'utf8').digest('base64url'),

    /** The basket is added to from this address now: it counts for it (and no longer for any other). */
    async record(cartId: string, addressKey: string, now: Date): Promise<void> {
      await pool.query(sql.unsafe`
        insert into basket_holders (cart_id, address_key, seen_at) values (${cartId}, ${addressKey}, ${now.toISOString()})
        on conflict (cart_id) do update set address_key = excluded.address_key, seen_at = excluded.seen_at`);
    },

    /**
     * The baskets added to from this address within the last day and not checked out, and when each was last
     * recorded. A checked-out basket holds nothing (its units were sold), and behind one address (an office, a
     * mobile network's shared address) a busy day checks out thousands: each add read them all. The carts read
     * model may not have a check-out yet, which only counts a basket that holds nothing.
     */
    async basketsOf(addressKey: string, now: Date): Promise<Array<{ cartId: string; seenAt: number }>> {
      const since = new Date(now.getTime() - HOLDER_MEMORY_MS).toISOString();
      return (await pool.any(sql.unsafe`
        select h.cart_id as "cartId", h.seen_at as "seenAt" from basket_holders h
         where h.address_key = ${addressKey} and h.seen_at > ${since}
           and not exists (select 1 from carts c where c.cart_id = h.cart_id and c.checked_out_order is not null)`)) as Array<{
        cartId: string;
        seenAt: number;
      }>;
    },
  };
}

export type BasketHolders = ReturnType<typeof createBasketHolders>;

/** Deletes the rows no add has refreshed for a day (the shop's hourly housekeeping). */
export async function forgetOldBasketHolders(pool: DatabasePool, now: Date): Promise<number> {
  const result = await pool.query(sql.unsafe`delete from basket_holders where seen_at <= ${new Date(now.getTime() - HOLDER_MEMORY_MS).toISOString()}`);
  return result.rowCount;
}
