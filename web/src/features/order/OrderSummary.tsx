import Table from 'react-bootstrap/Table';
import { formatPence } from '../../app/money';
import { orderTimeText } from '../../../../src/shared/order-time';
import { postageLine, type Order } from './order';
import { usePulseOnChange } from '../cart/usePulseOnChange';
import { RemoveVoucher } from '../voucher/RemoveVoucher';
import '../voucher/VoucherLine.css';

/**
 * Spec §2 "Checkout page": the items, the postage line ('Delivery Charge', or 'Collect Discount' below 0; none for
 * an all-virtual order), the voucher line (only once a voucher takes something off) and the final total.
 */
export function OrderSummary({ order, caption, testId, removableVoucher = false }: { order: Order; caption: string; testId: string; removableVoucher?: boolean }) {
  const postage = postageLine(order);
  // Spec §4: the voucher line pulses for 1 s when a voucher is applied (or changed), not when it goes.
  const { pulsing, pulseKey } = usePulseOnChange(order.voucher ? `${order.voucher.code}:${order.voucher.deduction}` : null);

  return (
    <Table size="sm" className="align-middle" data-testid={testId}>
      <caption className="caption-top">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="text-end">
            Qty
          </th>
          <th scope="col" className="text-end">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {order.items.map((item) => (
          <tr key={`${item.id}-${item.variant_id ?? ''}`} data-testid="summary-item">
            <td>
              {item.name}
              {item.variant && <span className="text-body-secondary"> ({item.variant})</span>}
            </td>
            <td className="text-end">{item.quantity}</td>
            <td className="text-end">{formatPence(item.price * item.quantity)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {order.scheduled_for && (
          <tr data-testid="summary-time">
            <th scope="row" colSpan={3} className="fw-semibold">
              {orderTimeText(order.scheduled_for)}
            </th>
          </tr>
        )}
        {postage && (
          <tr data-testid="summary-postage">
            <th scope="row" colSpan={2} className="fw-normal">
              {postage.label}
            </th>
            <td className="text-end">{formatPence(postage.pence)}</td>
          </tr>
        )}
        {order.voucher_deduction > 0 && (
          <tr key={pulseKey} data-testid="summary-voucher" className={pulsing ? 'voucher-pulse' : undefined}>
            <th scope="row" colSpan={2} className="fw-normal">
              Voucher{order.voucher && ` '${order.voucher.code}' (${order.voucher.description})`}
              {removableVoucher && order.voucher && <RemoveVoucher orderId={order.id} code={order.voucher.code} />}
            </th>
            <td className="text-end">{formatPence(-order.voucher_deduction)}</td>
          </tr>
        )}
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td className="text-end fw-bold" data-testid="summary-total">
            {formatPence(order.total_cost)}
          </td>
        </tr>
      </tfoot>
    </Table>
  );
}
