import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { OrderFound } from '../../src/shared/order-timeline';

/**
 * The orders whose short reference (`orderRef`: the id's first eight hex digits) is `ref`: a range of the
 * primary key, so the search reads the index, never the whole table.
 */
export async function ordersByRef(pool: DatabasePool, ref: string): Promise<OrderFound[]> {
  const prefix = ref.toLowerCase();
  const rows = await pool.any(sql.unsafe`
    select order_id, ref, status, submitted_at from orders
     where order_id between ${`${prefix}-0000-0000-0000-000000000000`}::uuid and ${`${prefix}-ffff-ffff-ffff-ffffffffffff`}::uuid
     order by submitted_at desc nulls last limit 20`);
  return rows.map((row) => ({
    orderId: row.order_id as string,
    ref: row.ref as string,
    status: row.status as string,
    submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at as string | number).toISOString(),
  }));
}
