import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import { orderRef } from '../../src/shared/order';
import type { VoucherReadModel, VoucherRow, VoucherState, VoucherUseRow } from '../../modules/voucher';

const CODES_LISTED = 3;

/** The voucher module's read-model port, on the vouchers tables. */
export function voucherReadModel(pool: DatabasePool): VoucherReadModel {
  return {
    async voucherIdOf(code) {
      return (await pool.maybeOneFirst(sql.unsafe`select voucher_id from voucher_codes where code = ${code}`)) as string | null;
    },
    async codes(voucherId) {
      return (await pool.anyFirst(sql.unsafe`select code from voucher_codes where voucher_id = ${voucherId} order by code`)) as string[];
    },
    async list() {
      const rows = (await pool.any(sql.unsafe`
        select v.voucher_id, v.status, v.description, v.single_use, v.code_count, v.state, v.created_at,
               count(u.order_id) filter (where u.status <> 'released')::int as uses_held,
               coalesce(sum(u.deduction_pence) filter (where u.status = 'confirmed'), 0)::int as given_away
        from vouchers v left join voucher_uses u on u.voucher_id = v.voucher_id
        group by v.voucher_id order by v.created_at desc`)) as Array<{
        voucher_id: string; status: 'active' | 'disabled'; description: string; single_use: boolean; code_count: number;
        state: VoucherState; created_at: number; uses_held: number; given_away: number;
      }>;
      return rows.map((row): VoucherRow => {
        const state = row.state as Exclude<VoucherState, { status: 'none' }>;
        return {
          voucherId: row.voucher_id,
          status: row.status,
          description: row.description,
          singleUse: row.single_use,
          codeCount: row.code_count,
          codes: state.codes.slice(0, CODES_LISTED),
          terms: state.terms,
          usesHeld: row.uses_held,
          givenAwayPence: row.given_away,
          createdAt: new Date(row.created_at).toISOString(),
        };
      });
    },
    async uses(voucherId) {
      // The customer's name comes from the orders read model, where the shop keeps it for the order's own screens.
      const rows = (await pool.any(sql.unsafe`
        select u.order_id, u.code, u.status, u.deduction_pence, u.reserved_at, coalesce(o.full_name, '') as customer
        from voucher_uses u left join orders o on o.order_id = u.order_id
        where u.voucher_id = ${voucherId} order by u.reserved_at`)) as Array<{
        order_id: string; code: string; status: VoucherUseRow['status']; deduction_pence: number; reserved_at: number; customer: string;
      }>;
      return rows.map((row) => ({
        orderId: row.order_id,
        orderRef: orderRef(row.order_id),
        code: row.code,
        status: row.status,
        deductionPence: row.deduction_pence,
        reservedAt: new Date(row.reserved_at).toISOString(),
        customer: row.customer,
      }));
    },
  };
}
