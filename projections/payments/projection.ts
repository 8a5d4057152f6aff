import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import type { PaymentEvent } from '../../modules/payment';

type RefundEvent = Extract<PaymentEvent, { type: 'RefundDue' | 'PaymentRefunded' | 'RefundFailed' }>;

/**
 * Card refunds as staff see them (issue 17 item 3, issue 35): each payment that came for food nobody cooks, and
 * each refund staff gave, with why, and whether the refund has gone (or failed). Staff screens hear of each change (CardRefund on the orders channel).
 */
export const paymentsProjection: Projection = {
  name: 'payments',
  eventTypes: ['RefundDue', 'PaymentRefunded', 'RefundFailed'],
  tables: ['card_refunds'],
  async apply(stored: StoredEvent, { tx, publish }) {
    const event = { type: stored.type, data: stored.data } as RefundEvent;
    switch (event.type) {
      case 'RefundDue': {
        const { intentId, orderId, attempt, amountPence, reason, refundNo } = event.data;
        await tx.query(sql.unsafe`
          insert into card_refunds (intent_id, refund_no, order_id, attempt, amount_pence, reason, due_at)
          values (${intentId}, ${refundNo}, ${orderId}, ${attempt}, ${amountPence}, ${reason}, ${stored.metadata.at})
          on conflict (intent_id, refund_no) do nothing`);
        break;
      }
      case 'PaymentRefunded':
        await tx.query(sql.unsafe`
          update card_refunds set refund_id = ${event.data.refundId}, refunded_at = ${stored.metadata.at}
           where intent_id = ${event.data.intentId} and refund_no = ${event.data.refundNo}`);
        break;
      case 'RefundFailed':
        await tx.query(sql.unsafe`
          update card_refunds set refund_id = ${event.data.refundId}, failed_at = ${stored.metadata.at}, failure = ${event.data.message}
           where intent_id = ${event.data.intentId} and refund_no = ${event.data.refundNo}`);
        break;
      default: {
        const never: never = event;
        throw new Error(`payments projection: no statement for ${(never as { type: string }).type}`);
      }
    }
    await publish('orders', 'CardRefund', {});
  },
};
