import { orderRef, type OrderView } from '../../../src/shared/order';
import type { OrderState } from './decider';
import { postageOf, totalOf, voucherDeductionOf } from './decider';
import { customerEmailOf } from './state';

/** An order as the web app reads it (customer spec §3 field names). */
export function orderView(state: OrderState): OrderView | null {
  if (state.status === 'none') return null;
  const details = state.details;
  return {
    id: state.orderId,
    ref: orderRef(state.orderId),
    status: state.status,
    email: customerEmailOf(state),
    full_name: details?.fullName ?? '',
    address_1: details?.address1 ?? '',
    address_2: details?.address2 ?? '',
    address_3: details?.address3 ?? '',
    town_city: details?.townCity ?? '',
    // A delivery goes to the postcode whose distance was checked, whatever the form said before.
    postcode: (state.method?.method === 'DELIVER' ? state.method.postcode : null) ?? details?.postcode ?? '',
    delivery_postcode: state.method?.method === 'DELIVER' ? state.method.postcode : null,
    phone_number: details?.phone ?? '',
    delivery_info: details?.deliveryInfo ?? '',
    allergy_info: details?.allergyInfo ?? '',
    extra_info: state.note,
    user_id: state.userId,
    ta_method: state.method?.method ?? null,
    postage: state.method ? postageOf(state) : null,
    items_total: state.itemsTotalPence,
    voucher_deduction: voucherDeductionOf(state),
    voucher: state.voucher ? { code: state.voucher.code, description: state.voucher.description, deduction: voucherDeductionOf(state) } : null,
    total_cost: totalOf(state),
    payment_method: state.status === 'checkout' ? state.paymentMethod : state.submitted.paymentMethod,
    lapse_at: state.status === 'AWAITING-PAYMENT' ? (state.submitted.lapseAt ?? null) : null,
    cancelled_because: state.status === 'CANCELLED' ? state.cancelledBecause : null,
    scheduled_for: state.scheduledFor ?? null,
    items: state.items.map((item) => ({
      id: item.productId,
      variant_id: item.variantId,
      name: item.name,
      variant: item.variantName,
      price: item.unitPricePence,
      quantity: item.quantity,
      virtual: item.virtual,
    })),
  };
}

export type { OrderView };
