import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { OrderOwner } from '../../modules/privacy';
import { SUBJECT_PREFIX } from '../../src/personal-data';

const ORDER = SUBJECT_PREFIX.guest_order;
const CART = SUBJECT_PREFIX.cart;
const LOGIN = SUBJECT_PREFIX.customer;
const CONTACT = SUBJECT_PREFIX.contact;

/** What erasure reads from the read models and the key table (the privacy module's ports). */
export function erasureRecords(pool: DatabasePool) {
  return {
    async orders(by: { orderIds: readonly string[]; userIds: readonly string[] }): Promise<OrderOwner[]> {
      const rows = await pool.any<{ order_id: string; cart_id: string; user_id: string | null }>(sql.unsafe`
        select order_id, cart_id, user_id from orders
         where order_id = any(${sql.array(by.orderIds, 'uuid')}) or user_id = any(${sql.array(by.userIds, 'uuid')})
         order by order_id`);
      return rows.map((row) => ({ orderId: row.order_id, cartId: row.cart_id, userId: row.user_id }));
    },

    /**
     * Keys of guest orders, baskets and contact messages (kept as long as a guest's order, issue 34) made before
     * `before` and not erased: a key that exists is not erased.
     * An order or basket of a signed-in person is kept with their login. The CASE keeps the uuid cast to
     * the subjects of its kind.
     */
    async expiredGuestSubjects(before: Date, limit: number): Promise<string[]> {
      const keyed = (await pool.anyFirst(sql.unsafe`
        select k.subject_id from pii.data_keys k
         where k.created_at < ${before.toISOString()}
           and case
                 when k.subject_id like ${ORDER + '%'} then not exists (
                   select 1 from orders o where o.order_id = substr(k.subject_id, ${ORDER.length + 1})::uuid and o.user_id is not null)
                 when k.subject_id like ${CART + '%'} then not exists (
                   select 1 from carts c where c.cart_id = substr(k.subject_id, ${CART.length + 1})::uuid and c.user_id is not null)
                 when k.subject_id like ${CONTACT + '%'} then true
                 else false
               end
         order by k.created_at
         limit ${limit}`)) as string[];
      if (keyed.length === limit) return keyed;
      // Orders stored in clear before sealing existed have no key (EventStoreDB, or before npm run pii:rewrite).
      const unsealed = (await pool.anyFirst(sql.unsafe`
        select ${ORDER} || o.order_id::text from orders o
         where o.user_id is null and o.submitted_at < ${before.toISOString()} and o.full_name <> '[erased]'
           and not exists (select 1 from pii.data_keys k where k.subject_id = ${ORDER} || o.order_id::text)
           and not exists (select 1 from pii.erasures e where e.subject_id = ${ORDER} || o.order_id::text)
         order by o.submitted_at
         limit ${limit - keyed.length}`)) as string[];
      return [...keyed, ...unsealed];
    },

    /** Orders and logins stored in clear before sealing existed, whose email and phone have no lookup yet. */
    async withoutLookups(limit: number): Promise<Array<{ subject: string; email: string | null; phone: string | null }>> {
      return (await pool.any(sql.unsafe`
        select ${ORDER} || o.order_id::text as subject, nullif(o.email, '') as email, nullif(o.phone_number, '') as phone from orders o
         where o.full_name <> '[erased]' and (o.email <> '' or o.phone_number <> '')
           and not exists (select 1 from pii.lookups l where l.subject_id = ${ORDER} || o.order_id::text)
           and not exists (select 1 from pii.erasures e where e.subject_id = ${ORDER} || o.order_id::text)
        union all
        select ${LOGIN} || u.id::text, u.email, null from users u
         where u.email <> '[erased]'
           and not exists (select 1 from pii.lookups l where l.subject_id = ${LOGIN} || u.id::text)
           and not exists (select 1 from pii.erasures e where e.subject_id = ${LOGIN} || u.id::text)
        limit ${limit}`)) as Array<{ subject: string; email: string | null; phone: string | null }>;
    },

    async activeLogins(userIds: readonly string[]): Promise<number> {
      return (await pool.oneFirst(sql.unsafe`
        select count(*)::int from users where id = any(${sql.array(userIds, 'uuid')}) and status <> 'disabled'`)) as number;
    },

    async emailsOf(userIds: readonly string[]): Promise<string[]> {
      return (await pool.anyFirst(sql.unsafe`select email from users where id = any(${sql.array(userIds, 'uuid')})`)) as string[];
    },
  };
}
