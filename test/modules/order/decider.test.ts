import type { OrderCommand, SubmitOrder } from '../../../modules/order/core/commands';
import { ALREADY_PLACED, BASKET_CHANGED_SINCE_SAVED, orderDecider } from '../../../modules/order/core/decider';
import type { OrderEvent, OrderPlaced } from '../../../modules/order/core/events';
import { CARD_UNAVAILABLE, NO_PAYMENT_METHODS, PAYPAL_UNAVAILABLE } from '../../../src/shared/payment-texts';
import { CLOSED_REFUSAL } from '../../../src/shared/store-status';
import { specFor } from '../../support/given-when-then';

const spec = specFor(orderDecider);
const orderId = '55555555-5555-4555-8555-555555555555';
const cartId = '66666666-6666-4666-8666-666666666666';
const now = '2026-11-20T18:00:00.000Z';
const korma = { productId: 13, variantId: null, name: 'Chicken Korma', variantName: '', unitPricePence: 950, quantity: 2, virtual: false };
const placedData: OrderPlaced['data'] = { orderId, cartId, userId: null, email: null, items: [korma], itemsTotalPence: 1900, note: '' };
const placed: OrderEvent = { type: 'OrderPlaced', data: placedData };
const collect: OrderEvent = { type: 'TakeawayMethodChosen', data: { orderId, method: 'COLLECT', postcode: null, miles: null, postagePence: -190 } };
const deliver: OrderEvent = { type: 'TakeawayMethodChosen', data: { orderId, method: 'DELIVER', postcode: 'LS2 9JT', miles: 0.76, postagePence: 150 } };
const details = { email: 'sam@example.com', fullName: 'Sam', address1: '', address2: '', address3: '', townCity: '', postcode: '', phone: '07911 123456', deliveryInfo: '', allergyInfo: '' };
const detailsGiven: OrderEvent = { type: 'DeliveryDetailsGiven', data: { orderId, ...details } };
const open = { storeOpen: true, paymentMethods: ['phone'] };
const place = (overrides: Partial<Extract<OrderCommand, { type: 'PlaceOrder' }>> = {}): OrderCommand => ({
  type: 'PlaceOrder',
  data: placedData,
  shop: open,
  cartLabel: 'Basket',
  notOffered: [],
  ...overrides,
});
const noneWaiting = { lapseMinutes: 20, maxPerCustomer: 2, waiting: { phone: 0, email: 0, session: 0 } };
const submit: SubmitOrder = { type: 'SubmitOrder', orderId, paymentMethod: 'PHONE', takeaway: true, shop: open, notOffered: [], postageNow: { pence: -190 }, unpaid: noneWaiting, basketAsSaved: true, tradingDay: '2026-11-20', now };
const lapseAt = '2026-11-20T18:20:00.000Z';
const submittedEvent: OrderEvent = {
  type: 'OrderSubmitted',
  data: { orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT', itemsTotalPence: 1900, postagePence: -190, voucherDeductionPence: 0, totalPence: 1710, submittedAt: now, lapseAt, tradingDay: '2026-11-20' },
};
const readyToSubmit = [placed, collect, detailsGiven];
const submitted: OrderEvent[] = [...readyToSubmit, { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } }, submittedEvent];
const paid: OrderEvent = { type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: '2026-11-20T18:31:00.000Z' } };
const printed = (copy: number): OrderEvent => ({ type: 'OrderPrinted', data: { orderId, printedAt: now, copy, via: 'browser' } });
const notified: OrderEvent = { type: 'CustomerNotified', data: { orderId, notifiedAt: now } };
const minutes = { open_delivery_minutes: 31, busy_delivery_minutes: 61, slammed_delivery_minutes: 91 };
const markPaid = (storeStatus: 'open' | 'busy' | 'slammed' | 'closed' = 'open'): OrderCommand => ({ type: 'MarkPaid', orderId, now, storeStatus, deliveryMinutes: minutes });
const chooseCollect = (shown = { postagePence: -190, totalPence: 1710 }): OrderCommand => ({
  type: 'ChooseTakeawayMethod',
  orderId,
  method: 'COLLECT',
  askedPostcode: null,
  checked: null,
  postage: { pence: -190 },
  storeOpen: true,
  shown,
});

describe('order decider', () => {
  describe('PlaceOrder', () => {
    it('freezes the basket into a new order', () => spec([]).when(place()).then([placed]));
    it('refuses an empty basket in the shop’s own word for it', () =>
      spec([]).when(place({ data: { ...placedData, items: [] } })).thenFails('Basket is Empty', 'invalid'));
    it('refuses while the store is closed, or while no payment method is offered', () => {
      spec([]).when(place({ shop: { ...open, storeOpen: false } })).thenFails(CLOSED_REFUSAL, 'conflict');
      spec([]).when(place({ shop: { ...open, paymentMethods: [] } })).thenFails(NO_PAYMENT_METHODS, 'conflict');
    });
    it('refuses a dish the kitchen no longer offers, naming it', () =>
      spec([]).when(place({ notOffered: [{ productId: 13, variantId: null }] })).thenFails('Sorry, Chicken Korma is not available right now', 'conflict'));
    it('saving the same basket again changes nothing; a changed basket refreshes the items and asks for the method again', () => {
      spec([placed]).when(place()).then([]);
      const more = { ...korma, quantity: 3 };
      spec([placed, collect])
        .when(place({ data: { ...placedData, items: [more], itemsTotalPence: 2850 } }))
        .then([{ type: 'OrderItemsRefreshed', data: { orderId, items: [more], itemsTotalPence: 2850, note: '' } }]);
    });
    it('refuses to refresh a placed order', () => spec(submitted).when(place()).thenFails(ALREADY_PLACED, 'conflict'));
  });

  describe('ChooseTakeawayMethod', () => {
    it('records the method with the postage the server computed', () => spec([placed]).when(chooseCollect()).then([collect]));
    it('choosing the same again changes nothing', () => spec([placed, collect]).when(chooseCollect()).then([]));
    it('tells a customer shown other figures the right ones', () =>
      spec([placed])
        .when(chooseCollect({ postagePence: 0, totalPence: 1900 }))
        .thenFails('The collect discount is (£1.90) and the total £17.10: please check your order', 'conflict'));
    it('delivers only to the postcode whose distance was checked', () => {
      const delivery = { ...(chooseCollect() as object), method: 'DELIVER', postage: { pence: 150 }, shown: { postagePence: 150, totalPence: 2050 } } as OrderCommand;
      spec([placed]).when({ ...delivery, checked: null } as OrderCommand).thenFails('Please check your postcode again', 'invalid');
      spec([placed]).when({ ...delivery, checked: { postcode: 'LS2 9JT', miles: 0.76 }, askedPostcode: 'LS6 2AA' } as OrderCommand).thenFails('Please check your postcode again');
      spec([placed]).when({ ...delivery, checked: { postcode: 'LS2 9JT', miles: 0.76 }, askedPostcode: 'ls2 9jt' } as OrderCommand).then([deliver]);
    });
    it('passes on why the delivery module refuses the method now', () =>
      spec([placed])
        .when({ ...(chooseCollect() as object), postage: { refused: { kind: 'conflict', message: "Sorry we can't offer delivery right now." } } } as OrderCommand)
        .thenFails("Sorry we can't offer delivery right now.", 'conflict'));
    it('refuses while the store is closed', () =>
      spec([placed]).when({ ...(chooseCollect() as object), storeOpen: false } as OrderCommand).thenFails(CLOSED_REFUSAL, 'conflict'));
  });

  describe('GiveDeliveryDetails', () => {
    it('records the details, once', () => {
      spec([placed, collect]).when({ type: 'GiveDeliveryDetails', orderId, details }).then([detailsGiven]);
      spec([placed, collect, detailsGiven]).when({ type: 'GiveDeliveryDetails', orderId, details }).then([]);
    });
    it('a delivery needs address line 1, the town and a valid postcode: the checked one, written as the shop writes it', () => {
      const address = { ...details, address1: '1 Park Row', townCity: 'Leeds', postcode: 'ls2 9jt' };
      spec([placed, deliver]).when({ type: 'GiveDeliveryDetails', orderId, details: { ...address, address1: '' } }).thenFails('address_1: Address line 1 is required for delivery', 'invalid');
      spec([placed, deliver]).when({ type: 'GiveDeliveryDetails', orderId, details: { ...address, townCity: '' } }).thenFails('town_city: ');
      spec([placed, deliver]).when({ type: 'GiveDeliveryDetails', orderId, details: { ...address, postcode: 'nowhere' } }).thenFails(/^postcode: /);
      spec([placed, deliver]).when({ type: 'GiveDeliveryDetails', orderId, details: { ...address, postcode: 'LS6 2AA' } }).thenFails('The delivery postcode must be LS2 9JT');
      spec([placed, deliver]).when({ type: 'GiveDeliveryDetails', orderId, details: address }).then([{ type: 'DeliveryDetailsGiven', data: { orderId, ...address, postcode: 'LS2 9JT' } }]);
    });
    it('a collection keeps whatever postcode was typed', () =>
      spec([placed, collect]).when({ type: 'GiveDeliveryDetails', orderId, details: { ...details, postcode: 'not one' } }).then([{ type: 'DeliveryDetailsGiven', data: { orderId, ...details, postcode: 'not one' } }]));
    it('keeps a signed-in customer’s email', () =>
      spec([{ type: 'OrderPlaced', data: { ...placedData, userId: cartId, email: 'me@example.com' } }])
        .when({ type: 'GiveDeliveryDetails', orderId, details })
        .thenFails('The email of a signed-in customer cannot be changed here'));
  });

  describe('ChoosePaymentMethod', () => {
    const choose = (method: 'PHONE' | 'CARD' | 'PAYPAL', paymentMethods = ['phone', 'card']): OrderCommand => ({ type: 'ChoosePaymentMethod', orderId, method, paymentMethods });
    it('records an offered method, once', () => {
      spec(readyToSubmit).when(choose('PHONE')).then([{ type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } }]);
      spec([...readyToSubmit, { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } }]).when(choose('PHONE')).then([]);
    });
    it('refuses a method the shop does not offer', () => spec(readyToSubmit).when(choose('PAYPAL', ['phone'])).thenFails('That payment method is not available', 'invalid'));
    it('refuses a card not offered now with the spec\'s card text', () => spec(readyToSubmit).when(choose('CARD', ['phone'])).thenFails(CARD_UNAVAILABLE, 'conflict'));
    it('pay by phone needs a phone number', () => spec([placed, collect]).when(choose('PHONE')).thenFails('Not a valid phone No', 'invalid'));
    it('nothing can be changed on an order that was never placed', () => spec([]).when(choose('PHONE')).thenFails('save your basket first', 'not_found'));
  });

  describe('SubmitOrder', () => {
    it('needs a method in takeaway mode, then details, then an address for a delivery', () => {
      spec([placed]).when(submit).thenFails('Please choose collection or delivery');
      spec([placed, collect]).when(submit).thenFails('Please complete your details');
      spec([placed, deliver, detailsGiven]).when({ ...submit, postageNow: { pence: 150 } }).thenFails('Please complete your delivery address');
    });
    it('outside takeaway mode, a dish to carry needs the address; an all-virtual order does not', () => {
      spec([placed, detailsGiven]).when({ ...submit, takeaway: false, postageNow: null }).thenFails('Please complete your delivery address');
      const voucher = { ...korma, virtual: true };
      spec([{ type: 'OrderPlaced', data: { ...placedData, items: [voucher] } }, detailsGiven]).when({ ...submit, takeaway: false, postageNow: null }).then([
        { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } },
        { ...submittedEvent, data: { ...(submittedEvent.data as object), postagePence: 0, totalPence: 1900 } } as OrderEvent,
      ]);
    });
    it('pay by phone submits it AWAITING-PAYMENT with the total the server computed', () =>
      spec(readyToSubmit).when(submit).then([{ type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } }, submittedEvent]));
    it('is not placed once its basket was reopened and not saved again (issue 13, two tabs)', () =>
      spec(readyToSubmit).when({ ...submit, basketAsSaved: false }).thenFails(BASKET_CHANGED_SINCE_SAVED, 'conflict'));
    it('refuses while the store is closed, even a retry', () => {
      spec(readyToSubmit).when({ ...submit, shop: { ...open, storeOpen: false } }).thenFails(CLOSED_REFUSAL, 'conflict');
      spec(submitted).when({ ...submit, shop: { ...open, storeOpen: false } }).thenFails(CLOSED_REFUSAL, 'conflict');
    });
    it('takes only a method the shop offers, and for now neither card nor PayPal', () => {
      spec(readyToSubmit).when({ ...submit, shop: { ...open, paymentMethods: [] } }).thenFails('That payment method is not available', 'invalid');
      spec(readyToSubmit).when({ ...submit, paymentMethod: 'CARD', shop: { ...open, paymentMethods: ['card'] } }).thenFails(CARD_UNAVAILABLE, 'conflict');
      spec(readyToSubmit).when({ ...submit, paymentMethod: 'PAYPAL', shop: { ...open, paymentMethods: ['paypal'] } }).thenFails(PAYPAL_UNAVAILABLE, 'conflict');
    });
    it('refuses a dish taken off since it was saved', () =>
      spec(readyToSubmit).when({ ...submit, notOffered: [{ productId: 13, variantId: null }] }).thenFails('Sorry, Chicken Korma is not available right now', 'conflict'));
    it('refuses a postage that changed since it was chosen, or that the delivery module now refuses', () => {
      spec(readyToSubmit).when({ ...submit, postageNow: { pence: 0 } }).thenFails('The collect discount has changed to £0.00: please choose collection or delivery again', 'conflict');
      const deliveryOff = { refused: { kind: 'conflict' as const, message: "Sorry we can't offer delivery right now." } };
      spec(readyToSubmit).when({ ...submit, postageNow: deliveryOff }).thenFails("Sorry we can't offer delivery right now.");
    });
    it('a retried completion changes nothing; any other change after it is refused', () => {
      spec(submitted).when(submit).then([]);
      spec(submitted).when({ ...submit, paymentMethod: 'CARD' }).thenFails(ALREADY_PLACED, 'conflict');
      spec(submitted).when({ type: 'GiveDeliveryDetails', orderId, details }).thenFails(ALREADY_PLACED, 'conflict');
    });
    it('there is no order to submit before the basket is saved', () => spec([]).when(submit).thenFails('save your basket first', 'not_found'));
    it('a phone order lapses the manager’s minutes after it is placed', () =>
      spec(readyToSubmit)
        .when({ ...submit, unpaid: { ...noneWaiting, lapseMinutes: 45 } })
        .then([
          { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } },
          { ...submittedEvent, data: { ...(submittedEvent.data as object), lapseAt: '2026-11-20T18:45:00.000Z' } } as OrderEvent,
        ]));
    it('refuses another unpaid order to a customer who has the most waiting, by phone number, email or session', () => {
      const refusal = 'You already have 2 orders waiting for payment: please call us to pay for them before placing another';
      for (const waiting of [{ phone: 2, email: 0, session: 0 }, { phone: 0, email: 2, session: 1 }, { phone: 1, email: 1, session: 2 }]) {
        spec(readyToSubmit).when({ ...submit, unpaid: { ...noneWaiting, waiting } }).thenFails(refusal, 'conflict');
      }
      spec(readyToSubmit)
        .when({ ...submit, unpaid: { ...noneWaiting, maxPerCustomer: 1, waiting: { phone: 1, email: 0, session: 0 } } })
        .thenFails('You already have an order waiting for payment: please call us to pay for it before placing another', 'conflict');
      spec(readyToSubmit).when({ ...submit, unpaid: { ...noneWaiting, waiting: { phone: 1, email: 1, session: 1 } } }).then([
        { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } },
        submittedEvent,
      ]);
    });
  });

  describe('LapseUnpaidOrder', () => {
    const lapse = (at: string): OrderCommand => ({ type: 'LapseUnpaidOrder', orderId, now: at });
    const lapsed: OrderEvent = { type: 'OrderCancelled', data: { orderId, cancelledAt: lapseAt, reason: 'lapsed' } };
    it('lapses an order still unpaid at its lapse time, once', () => {
      spec(submitted).when(lapse(lapseAt)).then([lapsed]);
      spec([...submitted, lapsed]).when(lapse(lapseAt)).then([]);
      spec([...submitted, lapsed]).when(markPaid()).thenFails('This order was cancelled', 'conflict');
    });
    it('leaves a paid order, and one not due yet, as they are', () => {
      spec([...submitted, paid]).when(lapse(lapseAt)).thenFails('This order was paid: it does not lapse', 'conflict');
      spec(submitted).when(lapse('2026-11-20T18:19:59.000Z')).thenFails('This order does not lapse yet', 'conflict');
    });
    it('a staff cancel first leaves nothing to lapse', () =>
      spec([...submitted, { type: 'OrderCancelled', data: { orderId, cancelledAt: now, reason: 'unpaid' } }]).when(lapse(lapseAt)).then([]));
  });

  describe('MarkPaid', () => {
    it('is due by the paid time plus the minutes of the store’s status then; a closed store quotes the open minutes', () => {
      spec(submitted).when(markPaid('open')).then([paid]);
      spec(submitted).when(markPaid('slammed')).then([{ type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: '2026-11-20T19:31:00.000Z' } }]);
      spec(submitted).when(markPaid('closed')).then([paid]);
    });
    it('marked twice, the first one counts', () => spec([...submitted, paid]).when(markPaid('busy')).then([]));
    it('an order paid when it was placed (not by phone) is not marked paid', () =>
      spec([...readyToSubmit, { ...submittedEvent, data: { ...(submittedEvent.data as object), paymentMethod: 'CARD', status: 'NEW' } } as OrderEvent])
        .when(markPaid())
        .thenFails('This order is already paid', 'conflict'));
    it('an order still in checkout, or none at all, is not paid', () => {
      spec(readyToSubmit).when(markPaid()).thenFails('This order has not been placed yet', 'conflict');
      spec([]).when(markPaid()).thenFails('There is no such order', 'not_found');
    });
  });

  describe('PrintOrder', () => {
    const print: OrderCommand = { type: 'PrintOrder', orderId, now, via: 'browser' };
    it('prints a paid order; every further print is a numbered reprint', () => {
      spec([...submitted, paid]).when(print).then([printed(1)]);
      spec([...submitted, paid, printed(1)]).when(print).then([printed(2)]);
    });
    it('does not print an order still awaiting payment: it is not to be cooked yet', () =>
      spec(submitted).when(print).thenFails('Mark this order paid before printing it', 'conflict'));
  });

  describe('NotifyCustomer', () => {
    const notify: OrderCommand = { type: 'NotifyCustomer', orderId, now };
    it('tells the customer once, after printing', () => {
      spec([...submitted, paid, printed(1)]).when(notify).then([notified]);
      spec([...submitted, paid, printed(1), notified]).when(notify).thenFails('The customer was already notified at 18:00', 'conflict');
    });
    it('not before the order is printed', () => spec([...submitted, paid]).when(notify).thenFails('Print the order before notifying the customer', 'conflict'));
  });

  describe('CompleteOrder', () => {
    const complete: OrderCommand = { type: 'CompleteOrder', orderId, now };
    const completed: OrderEvent = { type: 'OrderCompleted', data: { orderId, completedAt: now } };
    it('completes a printed or notified order, once', () => {
      spec([...submitted, paid, printed(1)]).when(complete).then([completed]);
      spec([...submitted, paid, printed(1), notified]).when(complete).then([completed]);
      spec([...submitted, paid, printed(1), completed]).when(complete).then([]);
    });
    it('not an order that was never printed', () => spec([...submitted, paid]).when(complete).thenFails('Only a printed order can be completed', 'conflict'));
  });

  describe('CancelUnpaidOrder', () => {
    const cancel: OrderCommand = { type: 'CancelUnpaidOrder', orderId, now };
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId, cancelledAt: now, reason: 'unpaid' } };
    it('is cancelled once, and is then neither paid, printed, notified nor completed', () => {
      spec(submitted).when(cancel).then([cancelled]);
      spec([...submitted, cancelled]).when(cancel).then([]);
      spec([...submitted, cancelled]).when(markPaid()).thenFails('This order was cancelled', 'conflict');
      spec([...submitted, cancelled]).when({ type: 'PrintOrder', orderId, now, via: 'browser' }).thenFails('This order was cancelled', 'conflict');
      spec([...submitted, cancelled]).when({ type: 'NotifyCustomer', orderId, now }).thenFails('This order was cancelled', 'conflict');
      spec([...submitted, cancelled]).when({ type: 'CompleteOrder', orderId, now }).thenFails('This order was cancelled', 'conflict');
    });
    it('once paid, or before it is placed, cannot be cancelled', () => {
      spec([...submitted, paid]).when(cancel).thenFails('Only an order still awaiting payment can be cancelled', 'conflict');
      spec([placed]).when(cancel).thenFails('This order has not been placed yet', 'conflict');
    });
  });

  describe('JoinToAccount (issue 33)', () => {
    const userId = '77777777-7777-4777-8777-777777777777';
    const join = { type: 'JoinToAccount' as const, orderId, userId };
    it("joins a placed guest order to the account, once", () => {
      spec(submitted).when(join).then([{ type: 'OrderJoinedToAccount', data: { orderId, userId } }]);
      spec([...submitted, { type: 'OrderJoinedToAccount', data: { orderId, userId } }]).when(join).then([]);
    });
    it("leaves an order in checkout, one placed while signed in, and one that does not exist", () => {
      spec(readyToSubmit).when(join).then([]);
      spec([{ type: 'OrderPlaced', data: { ...placedData, userId: cartId, email: 'me@example.com' } }, ...submitted.slice(1)]).when(join).then([]);
      spec([]).when(join).then([]);
    });
  });
});
