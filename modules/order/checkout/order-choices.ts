import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import type { DeliveryCheck } from '../../delivery';
import type { Vouchers } from '../../voucher';
import { inCheckout } from '../core/decide-checkout';
import type { DeliveryDetails, OrderPaymentMethod, TakeawayMethod } from '../core/events';
import { orderView } from '../core/view';
import { voucherFacts } from '../placing';
import { CARD_ALREADY_PAID, type LeavingCard } from './leaving-card';
import type { OrderAccess } from './order-access';
import type { ShopFacts } from './shop-facts';

export interface OrderChoicesDeps {
  orders: OrderAccess;
  shop: Pick<ShopFacts, 'shopFacts' | 'quote'>;
  vouchers: Pick<Vouchers, 'check'>;
  changeLeavingCard: LeavingCard['changeLeavingCard'];
}

/** What the customer chooses for an order in checkout: the takeaway method and its postage, the details, how to pay, a voucher. */
export function createOrderChoices({ orders, shop, vouchers, changeLeavingCard }: OrderChoicesDeps) {
  const { load, stateOf, handle, handleFor } = orders;
  return {
    /** The server computes the postage; a client whose figures disagree is told the right ones. */
    async chooseMethod(
      orderId: string | undefined,
      input: { method: TakeawayMethod; postcode: string | null; postagePence: number; totalPence: number },
      check: DeliveryCheck | undefined,
      context: CommandContext,
    ) {
      const [facts, state] = await Promise.all([shop.shopFacts(), stateOf(orderId)]);
      // Only an order in checkout is priced; for any other the decider refuses before it reads the postage.
      const postage = state.status === 'checkout' ? await shop.quote(input.method, state, input.method === 'DELIVER' ? check : undefined) : { pence: 0 };
      await handleFor(orderId, {
        type: 'ChooseTakeawayMethod',
        orderId: orderId ?? '',
        method: input.method,
        askedPostcode: input.postcode,
        checked: check ?? null,
        postage,
        storeOpen: facts.shop.storeOpen,
        shown: { postagePence: input.postagePence, totalPence: input.totalPence },
      }, context);
    },

    async giveDetails(orderId: string | undefined, details: DeliveryDetails, context: CommandContext) {
      await handleFor(orderId, { type: 'GiveDeliveryDetails', orderId: orderId ?? '', details }, context);
    },

    async choosePaymentMethod(orderId: string | undefined, method: OrderPaymentMethod, context: CommandContext) {
      const { shop: facts } = await shop.shopFacts();
      const choose = () => handleFor(orderId, { type: 'ChoosePaymentMethod', orderId: orderId ?? '', method, paymentMethods: facts.paymentMethods }, context);
      if (!orderId) return void (await choose());
      // Another method while a card or PayPal attempt is open: the attempt is cancelled, unless its money came. The
      // same method again changes nothing (the decider), so an attempt of that method stays open.
      if ((await changeLeavingCard(orderId, context, choose)) === 'placed') throw new DomainError('conflict', CARD_ALREADY_PAID);
    },

    /**
     * Spec §4 "Voucher": the voucher module decides what the code takes off this order now (or why not); the order
     * keeps the voucher's terms, so its totals follow the basket. No use is held until the order is placed.
     */
    async applyVoucher(orderId: string, code: string, email: string, context: CommandContext) {
      const state = await load(orderId);
      const order = inCheckout(state);
      const accepted = await vouchers.check(code, email, voucherFacts(order), context.now);
      const { voucherId, description, benefit } = accepted;
      const result = await handle(orderId, { type: 'ApplyVoucher', orderId, voucher: { voucherId, code: accepted.code, description, benefit } }, context);
      return orderView(result.state)!;
    },

    async removeVoucher(orderId: string, context: CommandContext) {
      const result = await handle(orderId, { type: 'RemoveVoucher', orderId }, context);
      return orderView(result.state)!;
    },
  };
}
