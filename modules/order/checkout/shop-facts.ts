import { DomainError } from '../../../src/core/errors';
import type { Services } from '../../../src/services';
import { isAllVirtual } from '../../../src/shared/order';
import { dishNotOffered, type CataloguePort } from '../../catalog';
import type { DeliveryCheck, DeliveryService } from '../../delivery';
import type { Payments } from '../../payment';
import { isOrderingClosed, readSettings } from '../../store';
import type { DishRef, QuotedPostage } from '../core/commands';
import type { OrderItem, TakeawayMethod } from '../core/events';
import { checkoutRefusal, kitchenAttended, methodsOfferedNow } from '../core/rules';

/**
 * When a staff screen last followed the live orders, on any instance (src/live/staff-presence.ts: other instances'
 * screens at most 5 s stale); none known: card is not offered.
 */
export interface StaffPresence {
  lastSeenAt(): Promise<string | null>;
}

export interface ShopFactsDeps {
  services: Pick<Services, 'settings' | 'clock'>;
  payments: Pick<Payments, 'offers'>;
  catalogue: Pick<CataloguePort, 'product'>;
  delivery: Pick<DeliveryService, 'postage'>;
  staffPresence?: StaffPresence;
}

/**
 * What the shop says now, as the checkout's commands take it: its settings (open, the methods it takes, the
 * unpaid-order limits), the dishes it no longer offers, and what a takeaway method costs an order.
 */
export function createShopFacts({ services, payments, catalogue, delivery, staffPresence }: ShopFactsDeps) {
  /** The methods the shop offers that may be used now: card only while the kitchen is attended (issue 17). */
  const offeredNow = async <M extends string>(methods: readonly M[], unattendedMinutes: number) => {
    const lastStaffSeenAt = (await staffPresence?.lastSeenAt()) ?? null;
    return methodsOfferedNow(methods, kitchenAttended({ lastStaffSeenAt, now: services.clock().toISOString(), minutes: unattendedMinutes }));
  };

  /** The methods the shop offers that it can take now: card and PayPal only with their provider's keys configured. */
  function takeable(offered: readonly string[]): string[] {
    return offered.filter((method) => (method === 'card' ? payments.offers('stripe') : method === 'paypal' ? payments.offers('paypal') : true));
  }

  async function shopFacts() {
    const settings = await readSettings(services.settings, ['is_takeaway', 'order_status', 'payment_methods', 'cart_label', 'unpaid_lapse_minutes', 'max_unpaid_orders', 'card_unattended_minutes']);
    return {
      takeaway: settings.is_takeaway,
      cartLabel: settings.cart_label,
      unpaid: { lapseMinutes: settings.unpaid_lapse_minutes, maxPerCustomer: settings.max_unpaid_orders },
      shop: { storeOpen: !isOrderingClosed({ isTakeaway: settings.is_takeaway, orderStatus: settings.order_status }), paymentMethods: takeable(await offeredNow(settings.payment_methods, settings.card_unattended_minutes)) },
    };
  }

  /** The dishes the kitchen has taken off (out of stock, or off the menu) since they went into the basket. */
  async function notOffered(items: DishRef[]): Promise<DishRef[]> {
    const products = await Promise.all(items.map((item) => catalogue.product(item.productId)));
    return items.filter((item, index) => {
      const product = products[index];
      return !product || dishNotOffered(product, item.variantId) !== null;
    });
  }

  /** What a method costs this order now, or why the delivery module refuses it now. */
  async function quote(method: TakeawayMethod, order: { itemsTotalPence: number; items: OrderItem[] }, check: DeliveryCheck | undefined): Promise<QuotedPostage> {
    try {
      return { pence: await delivery.postage(method, { itemsTotalPence: order.itemsTotalPence, allVirtual: isAllVirtual(order.items) }, check) };
    } catch (error) {
      if (error instanceof DomainError) return { refused: { kind: error.kind, message: error.message } };
      throw error;
    }
  }

  return {
    shopFacts,
    notOffered,
    quote,

    async availablePaymentMethods(): Promise<string[]> {
      const settings = await readSettings(services.settings, ['payment_methods', 'card_unattended_minutes']);
      return takeable(await offeredNow(settings.payment_methods, settings.card_unattended_minutes));
    },

    async canPay(): Promise<boolean> {
      return checkoutRefusal((await shopFacts()).shop) === null;
    },
  };
}

export type ShopFacts = ReturnType<typeof createShopFacts>;
