import { ALREADY_PLACED, orderDecider } from '../../../modules/order/decider';
import type { OrderEvent } from '../../../modules/order/events';
import { specFor } from '../../support/given-when-then';

const spec = specFor(orderDecider);
const orderId = '55555555-5555-4555-8555-555555555555';
const cartId = '66666666-6666-4666-8666-666666666666';
const now = '2026-11-20T18:00:00.000Z';
const korma = { productId: 13, variantId: null, name: 'Chicken Korma', variantName: '', unitPricePence: 950, quantity: 2, virtual: false };
const placed: OrderEvent = { type: 'OrderPlaced', data: { orderId, cartId, userId: null, email: null, items: [korma], itemsTotalPence: 1900, note: '' } };
const collect: OrderEvent = { type: 'TakeawayMethodChosen', data: { orderId, method: 'COLLECT', postcode: null, miles: null, postagePence: -190 } };
const details = { email: 'sam@example.com', fullName: 'Sam', address1: '', address2: '', address3: '', townCity: '', postcode: '', phone: '07911 123456', deliveryInfo: '' };
const detailsGiven: OrderEvent = { type: 'DeliveryDetailsGiven', data: { orderId, ...details } };
const submit = { type: 'SubmitOrder' as const, orderId, paymentMethod: 'PHONE' as const, takeaway: true, now };

describe('order decider', () => {
  describe('placing', () => {
    it('freezes the basket into a new order', () => spec([]).when({ type: 'PlaceOrder', data: placed.data as never }).then([placed]));
    it('refuses an empty basket', () =>
      spec([]).when({ type: 'PlaceOrder', data: { ...(placed.data as never as object), items: [] } as never }).thenFails('Cart is Empty', 'invalid'));
    it('saving the same basket again changes nothing; a changed basket refreshes the items and asks for the method again', () => {
      spec([placed]).when({ type: 'PlaceOrder', data: placed.data as never }).then([]);
      const more = { ...korma, quantity: 3 };
      spec([placed, collect])
        .when({ type: 'PlaceOrder', data: { ...(placed.data as object), items: [more], itemsTotalPence: 2850 } as never })
        .then([{ type: 'OrderItemsRefreshed', data: { orderId, items: [more], itemsTotalPence: 2850, note: '' } }]);
    });
  });

  describe('completing', () => {
    it('needs a method in takeaway mode, then details', () => {
      spec([placed]).when(submit).thenFails('Please choose collection or delivery');
      spec([placed, collect]).when(submit).thenFails('Please complete your details');
    });

    it('a delivery needs the address', () =>
      spec([placed, { type: 'TakeawayMethodChosen', data: { orderId, method: 'DELIVER', postcode: 'LS2 9JT', miles: 0.76, postagePence: 150 } }, detailsGiven])
        .when(submit)
        .thenFails('Please complete your delivery address'));

    it('pay by phone submits it AWAITING-PAYMENT with the total the server computed', () =>
      spec([placed, collect, detailsGiven]).when(submit).then([
        { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } },
        {
          type: 'OrderSubmitted',
          data: { orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT', itemsTotalPence: 1900, postagePence: -190, voucherDeductionPence: 0, totalPence: 1710, submittedAt: now },
        },
      ]));

    it('a retried completion changes nothing; any other change after it is refused', () => {
      const submitted: OrderEvent[] = [placed, collect, detailsGiven, ...orderDecider.decide(submit, [placed, collect, detailsGiven].reduce(orderDecider.evolve, orderDecider.initialState))];
      spec(submitted).when(submit).then([]);
      spec(submitted).when({ type: 'GiveDeliveryDetails', orderId, details }).thenFails(ALREADY_PLACED, 'conflict');
      spec(submitted).when({ type: 'PlaceOrder', data: placed.data as never }).thenFails(ALREADY_PLACED);
    });
  });

  describe('an unpaid phone order', () => {
    const submitted = (): OrderEvent[] => [placed, collect, detailsGiven, ...orderDecider.decide(submit, [placed, collect, detailsGiven].reduce(orderDecider.evolve, orderDecider.initialState))];
    const cancel = { type: 'CancelUnpaidOrder' as const, orderId, now };
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId, cancelledAt: now, reason: 'unpaid' } };

    it('is cancelled once, and is then neither paid, printed, notified nor completed', () => {
      spec(submitted()).when(cancel).then([cancelled]);
      spec([...submitted(), cancelled]).when(cancel).then([]);
      spec([...submitted(), cancelled]).when({ type: 'MarkPaid', orderId, now, dueBy: now }).thenFails('This order was cancelled', 'conflict');
      spec([...submitted(), cancelled]).when({ type: 'PrintOrder', orderId, now, via: 'browser' }).thenFails('This order was cancelled', 'conflict');
      spec([...submitted(), cancelled]).when({ type: 'NotifyCustomer', orderId, now }).thenFails('This order was cancelled', 'conflict');
      spec([...submitted(), cancelled]).when({ type: 'CompleteOrder', orderId, now }).thenFails('This order was cancelled', 'conflict');
    });

    it('once paid, or before it is placed, cannot be cancelled', () => {
      const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: now } };
      spec([...submitted(), paid]).when(cancel).thenFails('Only an order still awaiting payment can be cancelled', 'conflict');
      spec([placed]).when(cancel).thenFails('This order has not been placed yet', 'conflict');
    });
  });

  it('keeps a signed-in customer’s email', () =>
    spec([{ type: 'OrderPlaced', data: { ...(placed.data as object), userId: cartId, email: 'me@example.com' } as never }])
      .when({ type: 'GiveDeliveryDetails', orderId, details })
      .thenFails('The email of a signed-in customer cannot be changed here'));

  it('nothing can be changed on an order that was never placed', () =>
    spec([]).when({ type: 'ChoosePaymentMethod', orderId, method: 'PHONE' }).thenFails('save your basket first', 'not_found'));
});
