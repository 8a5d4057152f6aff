import type { SubmitOrder } from '../../../modules/order/core/commands';
import { ALREADY_PLACED, orderDecider } from '../../../modules/order/core/decider';
import type { OrderEvent } from '../../../modules/order/core/events';
import { totalOf, type OrderState } from '../../../modules/order/core/state';
import { specFor } from '../../support/given-when-then';

const spec = specFor(orderDecider);
const orderId = '55555555-5555-4555-8555-555555555555';
const cartId = '66666666-6666-4666-8666-666666666666';
const voucherId = '77777777-7777-4777-8777-777777777777';
const now = '2026-11-20T18:00:00.000Z';
const korma = { productId: 13, variantId: null, name: 'Chicken Korma', variantName: '', unitPricePence: 1000, quantity: 2, virtual: false };
const placed: OrderEvent = { type: 'OrderPlaced', data: { orderId, cartId, userId: null, email: null, items: [korma], itemsTotalPence: 2000, note: '' } };
const collect: OrderEvent = { type: 'TakeawayMethodChosen', data: { orderId, method: 'COLLECT', postcode: null, miles: null, postagePence: -200 } };
const details: OrderEvent = {
  type: 'DeliveryDetailsGiven',
  data: { orderId, email: 'sam@example.com', fullName: 'Sam', address1: '', address2: '', address3: '', townCity: '', postcode: '', phone: '07911 123456', deliveryInfo: '', allergyInfo: '' },
};
const voucher = { voucherId, code: 'SAVE10', description: '10% off', benefit: { kind: 'percent' as const, percent: 10 } };
const applied: OrderEvent = { type: 'VoucherApplied', data: { orderId, ...voucher } };
const fold = (events: OrderEvent[]): OrderState => events.reduce(orderDecider.evolve, orderDecider.initialState);

describe('the order and its voucher', () => {
  it('applies a voucher once; a new code takes the place of the old one', () => {
    spec([placed]).when({ type: 'ApplyVoucher', orderId, voucher }).then([applied]);
    spec([placed, applied]).when({ type: 'ApplyVoucher', orderId, voucher }).then([]);
    const other = { ...voucher, code: 'FIVER', benefit: { kind: 'fixed' as const, pence: 500 } };
    spec([placed, applied]).when({ type: 'ApplyVoucher', orderId, voucher: other }).then([{ type: 'VoucherApplied', data: { orderId, ...other } }]);
  });
  it('removes it; removing none changes nothing', () => {
    spec([placed, applied]).when({ type: 'RemoveVoucher', orderId }).then([{ type: 'VoucherRemoved', data: { orderId, voucherId } }]);
    spec([placed]).when({ type: 'RemoveVoucher', orderId }).then([]);
  });
  it('totals items + postage − deduction, each on the items: 10 % and 10 % collect of £20.00 is £16.00', () => {
    expect(totalOf(fold([placed, collect, applied]) as Extract<OrderState, { status: 'checkout' }>)).toBe(1600);
    expect(totalOf(fold([placed, collect]) as Extract<OrderState, { status: 'checkout' }>)).toBe(1800);
  });
  it('keeps the voucher when the method changes on the basket page, which shows the total without it', () => {
    const chooseDeliver = {
      type: 'ChooseTakeawayMethod' as const, orderId, method: 'DELIVER' as const, askedPostcode: null, checked: { postcode: 'LS2 9JT', miles: 0.76 },
      postage: { pence: 150 }, storeOpen: true, shown: { postagePence: 150, totalPence: 2150 },
    };
    spec([placed, collect, applied]).when(chooseDeliver).then([{ type: 'TakeawayMethodChosen', data: { orderId, method: 'DELIVER', postcode: 'LS2 9JT', miles: 0.76, postagePence: 150 } }]);
    const delivering = fold([placed, collect, applied, ...orderDecider.decide(chooseDeliver, fold([placed, collect, applied]))]);
    expect(totalOf(delivering as Extract<OrderState, { status: 'checkout' }>)).toBe(1950);
  });
  it('takes the voucher off when the basket changes before paying', () => {
    const refreshed: OrderEvent = { type: 'OrderItemsRefreshed', data: { orderId, items: [{ ...korma, quantity: 1 }], itemsTotalPence: 1000, note: '' } };
    const state = fold([placed, applied, refreshed]);
    expect(state.status === 'checkout' && state.voucher).toBe(null);
  });
  it('freezes the deduction into the placed order, and takes no voucher after', () => {
    const submit: SubmitOrder = {
      type: 'SubmitOrder', orderId, paymentMethod: 'PHONE', takeaway: true, shop: { storeOpen: true, paymentMethods: ['phone'] }, notOffered: [],
      postageNow: { pence: -200 }, unpaid: { lapseMinutes: 20, maxPerCustomer: 2, waiting: { phone: 0, email: 0, session: 0 } }, basketAsSaved: true, tradingDay: '2026-11-20', now,
    };
    const events = orderDecider.decide(submit, fold([placed, collect, details, applied]));
    expect(events.at(-1)).toMatchObject({ type: 'OrderSubmitted', data: { itemsTotalPence: 2000, postagePence: -200, voucherDeductionPence: 200, totalPence: 1600 } });
    spec([placed, collect, details, applied, ...events]).when({ type: 'ApplyVoucher', orderId, voucher }).thenFails(ALREADY_PLACED, 'conflict');
  });
});
