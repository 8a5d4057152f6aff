import type { Services } from '../../../src/services';
import type { Basket } from '../../cart';
import { readOpeningHours, tradingDayOf } from '../../store';
import type { SubmitOrder, UnpaidWaiting } from '../core/commands';
import type { OrderState } from '../core/decider';
import type { OrderPaymentMethod } from '../core/events';
import type { ShopFacts } from './shop-facts';
import type { SlotOffers } from './slot-offer';
import type { UnpaidOrders } from './unpaid-orders';

/** The orders placed in the customer's session (newest last), for the cap on unpaid phone orders. */
export interface CheckoutSession {
  placedOrderIds: readonly string[];
}

export const NO_SESSION: CheckoutSession = { placedOrderIds: [] };
const NONE_WAITING: UnpaidWaiting = { phone: 0, email: 0, session: 0 };

export interface SubmitFactsDeps {
  services: Pick<Services, 'settings'>;
  shop: Pick<ShopFacts, 'shopFacts' | 'notOffered' | 'quote'>;
  unpaidOrders: UnpaidOrders;
  basket: Pick<Basket, 'stillSavedAs'>;
  slots: SlotOffers;
}

/** SubmitOrder with every fact its rules need, read for the order as it stands: phone, card and the process build it so. */
export function createSubmitFacts({ services, shop, unpaidOrders, basket, slots }: SubmitFactsDeps) {
  /** The phone orders this customer already has awaiting payment; only a phone order waits for payment. */
  async function waiting(state: OrderState, method: OrderPaymentMethod, session: CheckoutSession): Promise<UnpaidWaiting> {
    if (method !== 'PHONE' || state.status !== 'checkout' || !state.details) return NONE_WAITING;
    return unpaidOrders.waiting({ phone: state.details.phone, email: state.details.email, orderIds: session.placedOrderIds });
  }

  /** The facts SubmitOrder needs, for the order as it stands. */
  async function submitFacts(
    orderId: string | undefined,
    state: OrderState,
    method: OrderPaymentMethod,
    now: string,
    session: CheckoutSession,
  ): Promise<SubmitOrder> {
    const [facts, unpaidWaiting, hours] = await Promise.all([shop.shopFacts(), waiting(state, method, session), readOpeningHours(services.settings)]);
    const inCheckout = state.status === 'checkout' ? state : null;
    const scheduledFor = inCheckout?.scheduledFor ?? null;
    const chosen = inCheckout?.method;
    const check = chosen?.method === 'DELIVER' && chosen.postcode !== null && chosen.miles !== null ? { postcode: chosen.postcode, miles: chosen.miles } : undefined;
    return {
      type: 'SubmitOrder',
      orderId: orderId ?? '',
      paymentMethod: method,
      takeaway: facts.takeaway,
      shop: facts.shop,
      notOffered: inCheckout ? await shop.notOffered(inCheckout.items) : [],
      postageNow: inCheckout && chosen ? await shop.quote(chosen.method, inCheckout, check) : null,
      unpaid: { ...facts.unpaid, waiting: unpaidWaiting },
      basketAsSaved: inCheckout ? await basket.stillSavedAs(inCheckout.cartId, inCheckout.orderId) : true,
      // An order for later counts in its slot's trading day, and its slot must still be offered (issue 37).
      tradingDay: tradingDayOf(new Date(scheduledFor ?? now), hours),
      now,
      ...(scheduledFor ? { slots: (await slots.offer(new Date(now))).open } : {}),
    };
  }

  return { submitFacts };
}

export type SubmitFacts = ReturnType<typeof createSubmitFacts>['submitFacts'];
