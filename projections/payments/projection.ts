import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import type { PaymentEvent } from '../../modules/payment';

type RefundEvent = Extract<PaymentEvent, { type: 'RefundDue' | 'PaymentRefunded' }>;

/**
 * Card refunds as staff see them (issue 17 item 3): each payment that came for food nobody cooks, with why, and
 * whether the refund has gone. Staff screens hear of each change (CardRefund on the orders channel).
 */
export const paymentsProjection: Projection = {
  name: 'payments',
  eventTypes: ['RefundDue', 'PaymentRefunded'],
  tables: ['card_refunds'],
  async apply(stored: StoredEvent, { tx, publish }) {
    const event = { type: stored.type, data: stored.data } as RefundEvent;
    switch (event.type) {
      case 'RefundDue': {
        const { intentId, orderId, attempt, amountPence, reason } = event.data;
        await tx.query(sql.unsafe`
          insert into card_refunds (intent_id, order_id, attempt, amount_pence, reason, due_at)
          values (${intentId}, ${orderId}, ${attempt}, ${amountPence}, ${reason}, ${stored.metadata.at})
          on conflict (intent_id) do nothing`);
        break;
      }
      case 'PaymentRefunded':
        await tx.query(sql.unsafe`
          update card_refunds set refund_id = ${event.data.refundId}, refunded_at = ${stored.metadata.at} where intent_id = ${event.data.intentId}`);
        break;
      default: {
        const never: never = event;
        throw new Error(`payments projection: no statement for ${(never as { type: string }).type}`);
      }
    }
    await publish('orders', 'CardRefund', {});
  },
};
