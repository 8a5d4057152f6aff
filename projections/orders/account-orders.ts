import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { AccountOrderRow, AccountOrders } from '../../modules/order';

/** The order module's AccountOrders port (issue 33): an account's placed orders, newest first. */
export function accountOrders(pool: DatabasePool): AccountOrders {
  return {
    async page(userId, offset, limit) {
      const rows = await pool.any(sql.unsafe`
        select order_id, ref, status, submitted_at, completed_at, total_pence, postage_pence, ta_method, payment_method,
               full_name, address_1, address_2, address_3, town_city, postcode, items
          from orders
         where user_id = ${userId} and submitted_at is not null
         order by submitted_at desc, order_id desc
         limit ${limit} offset ${offset}`);
      return rows.map(
        (row): AccountOrderRow => ({
          orderId: row.order_id as string,
          ref: row.ref as string,
          status: row.status as AccountOrderRow['status'],
          submittedAt: new Date(row.submitted_at as number).toISOString(),
          completedAt: row.completed_at === null ? null : new Date(row.completed_at as number).toISOString(),
          totalPence: row.total_pence as number,
          postagePence: row.postage_pence as number | null,
          method: row.ta_method as AccountOrderRow['method'],
          paymentMethod: row.payment_method as string | null,
          fullName: row.full_name as string,
          address1: row.address_1 as string,
          address2: row.address_2 as string,
          address3: row.address_3 as string,
          townCity: row.town_city as string,
          postcode: row.postcode as string,
          items: row.items as AccountOrderRow['items'],
        }),
      );
    },
  };
}

/**
 * Every order of an account with all the shop holds about it (delivery details, allergy and basket notes), for
 * the customer's own download (issue 33): opened for them, as the read model holds it.
 */
export async function ordersWithDetails(pool: DatabasePool, userId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await pool.any(sql.unsafe`
    select ref, status, to_json(submitted_at) #>> '{}' as placed_at, to_json(paid_at) #>> '{}' as paid_at,
           to_json(completed_at) #>> '{}' as completed_at, ta_method as method, payment_method,
           email, full_name, phone_number, address_1, address_2, address_3, town_city, postcode,
           delivery_info, allergy_info, note, items, items_total_pence, postage_pence, voucher_code,
           voucher_deduction_pence, total_pence
      from orders
     where user_id = ${userId} and submitted_at is not null
     order by submitted_at desc, order_id desc`);
  return rows.map((row) => ({ ...row }));
}
