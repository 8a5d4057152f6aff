import { isPlaced, type Order } from '../order/order';
import type { CheckoutProblem } from './CheckoutErrors';

/** What, if anything, stops the checkout page going on with this order. */
export function checkoutProblem(
  order: Order | undefined,
  fetch: { noOrder: boolean; failed: boolean },
  isTakeaway: boolean,
): CheckoutProblem {
  if (fetch.noOrder) return 'no-order';
  if (!order) return fetch.failed ? 'fetch-failed' : null;
  if (isPlaced(order)) return 'placed';
  if (order.status === 'checkout' && isTakeaway && order.ta_method === null) return 'no-method';
  return null;
}
