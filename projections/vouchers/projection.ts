import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { evolveVoucher, initialVoucherState, VOUCHER_EVENT_TYPES, voucherIdOf, type VoucherEvent, type VoucherState } from '../../modules/voucher';

/** The vouchers read model: folded with the voucher module's own evolve; codes and uses in their own tables. */
export const vouchersProjection: Projection = {
  name: 'vouchers',
  eventTypes: VOUCHER_EVENT_TYPES,
  tables: ['vouchers', 'voucher_codes', 'voucher_uses'],
  async apply(stored: StoredEvent, { tx }) {
    const event = { type: stored.type, data: stored.data } as VoucherEvent;
    const id = voucherIdOf(stored.stream);
    const previous = ((await tx.maybeOneFirst(sql.unsafe`select state from vouchers where voucher_id = ${id}`)) as VoucherState | null) ?? initialVoucherState;
    const next = evolveVoucher(previous, event);
    if (next.status === 'none') return;
    const at = stored.metadata.at;
    await tx.query(sql.unsafe`
      insert into vouchers (voucher_id, status, description, single_use, code_count, state, created_at)
      values (${id}, ${next.status}, ${next.terms.description}, ${next.singleUse}, ${next.codes.length}, ${sql.jsonb(next as never)}, ${at})
      on conflict (voucher_id) do update set status = excluded.status, description = excluded.description, state = excluded.state`);
    switch (event.type) {
      case 'VoucherCreated':
        // A create claims its codes before its event (voucher_codes_claimed), so no two vouchers' events share a
        // code; were one ever to, the first voucher keeps it.
        await tx.query(sql.unsafe`
          insert into voucher_codes (code, voucher_id)
          select code, ${id}::uuid from unnest(${sql.array(event.data.codes, 'text')}::text[]) as code
          on conflict (code) do nothing`);
        return;
      case 'VoucherUseReserved':
        await tx.query(sql.unsafe`
          insert into voucher_uses (voucher_id, order_id, code, deduction_pence, status, reserved_at)
          values (${id}, ${event.data.orderId}, ${event.data.code}, ${event.data.deductionPence}, 'reserved', ${event.data.reservedAt})
          on conflict (voucher_id, order_id) do update set code = excluded.code, deduction_pence = excluded.deduction_pence,
            status = 'reserved', reserved_at = excluded.reserved_at, confirmed_at = null, released_at = null`);
        return;
      case 'VoucherUseConfirmed':
        await tx.query(sql.unsafe`update voucher_uses set status = 'confirmed', confirmed_at = ${event.data.confirmedAt} where voucher_id = ${id} and order_id = ${event.data.orderId}`);
        return;
      case 'VoucherUseReleased':
        await tx.query(sql.unsafe`update voucher_uses set status = 'released', released_at = ${event.data.releasedAt} where voucher_id = ${id} and order_id = ${event.data.orderId}`);
        return;
      default:
        return;
    }
  },
};
