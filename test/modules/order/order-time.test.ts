import type { OrderCommand, SubmitOrder } from '../../../modules/order/core/commands';
import { orderDecider, orderStatusAfter } from '../../../modules/order/core/decider';
import type { OrderEvent, OrderPlaced } from '../../../modules/order/core/events';
import { CLOSED_REFUSAL } from '../../../src/shared/store-status';
import { orderProgress } from '../../../modules/order/core/order-progress';
import { expectedSentence } from '../../../src/shared/order-status-texts';
import { specFor } from '../../support/given-when-then';

/** Orders for later (issue 37): the chosen time, its checks at placing, the promise, SCHEDULED and its release. */
const spec = specFor(orderDecider);
const orderId = '55555555-5555-4555-8555-555555555555';
const cartId = '66666666-6666-4666-8666-666666666666';
const now = '2026-11-27T18:00:00.000Z';
const at1930 = '2026-11-27T19:30:00.000Z';
const at1945 = '2026-11-27T19:45:00.000Z';
const at2000 = '2026-11-27T20:00:00.000Z';
const at2015 = '2026-11-27T20:15:00.000Z';
const slots = [at1930, at1945, at2000, at2015];
const korma = { productId: 13, variantId: null, name: 'Chicken Korma', variantName: '', unitPricePence: 950, quantity: 2, virtual: false };
const placedData: OrderPlaced['data'] = { orderId, cartId, userId: null, email: null, items: [korma], itemsTotalPence: 1900, note: '' };
const placed: OrderEvent = { type: 'OrderPlaced', data: placedData };
const collect: OrderEvent = { type: 'TakeawayMethodChosen', data: { orderId, method: 'COLLECT', postcode: null, miles: null, postagePence: -190 } };
const details = { email: 'sam@example.com', fullName: 'Sam', address1: '', address2: '', address3: '', townCity: '', postcode: '', phone: '07911 123456', deliveryInfo: '', allergyInfo: '' };
const detailsGiven: OrderEvent = { type: 'DeliveryDetailsGiven', data: { orderId, ...details } };
const chosen = (scheduledFor: string | null): OrderEvent => ({ type: 'OrderTimeChosen', data: { orderId, scheduledFor } });
const choose = (scheduledFor: string | null, offered: readonly string[] = slots, storeOpen = true, bookable: readonly string[] = offered): OrderCommand => ({ type: 'ChooseOrderTime', orderId, scheduledFor, slots: offered, bookable, storeOpen });
const open = { storeOpen: true, paymentMethods: ['phone'] };
const submit = (fields: Partial<SubmitOrder> = {}): SubmitOrder => ({
  type: 'SubmitOrder', orderId, paymentMethod: 'PHONE', takeaway: true, shop: open, notOffered: [], postageNow: { pence: -190 },
  unpaid: { lapseMinutes: 20, maxPerCustomer: 2, waiting: { phone: 0, email: 0, session: 0 } }, basketAsSaved: true, tradingDay: '2026-11-27', now, ...fields,
});
const forLater = [placed, collect, detailsGiven, chosen(at1930)];
const submitted = (fields: object = {}): OrderEvent => ({
  type: 'OrderSubmitted',
  data: { orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT', itemsTotalPence: 1900, postagePence: -190, voucherDeductionPence: 0, totalPence: 1710, submittedAt: now, lapseAt: '2026-11-27T18:20:00.000Z', tradingDay: '2026-11-27', scheduledFor: at1930, ...fields },
});
const minutes = { open_delivery_minutes: 31, busy_delivery_minutes: 61, slammed_delivery_minutes: 91 };
const markPaid = (paidAt: string, leadMinutes = 20): OrderCommand => ({ type: 'MarkPaid', orderId, now: paidAt, storeStatus: 'open', deliveryMinutes: minutes, leadMinutes });
const paidEvent = (paidAt: string, fields: object): OrderEvent => ({ type: 'OrderPaid', data: { orderId, paidAt, ...fields } as never });
const placedForLater: OrderEvent[] = [...forLater, { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } }, submitted()];

describe('when the order is for (issue 37)', () => {
  describe('ChooseOrderTime', () => {
    it('records a slot offered with room, and as soon as possible again', () => {
      spec([placed]).when(choose(at1930)).then([chosen(at1930)]);
      spec([placed, chosen(at1930)]).when(choose(null)).then([chosen(null)]);
    });
    it('choosing the same again changes nothing; as soon as possible is where an order starts', () => {
      spec([placed, chosen(at1930)]).when(choose(at1930)).then([]);
      spec([placed]).when(choose(null)).then([]);
    });
    it('refuses a slot not offered (passed, or outside the hours) with the next ones that have room', () =>
      spec([placed]).when(choose(at1930, [at1945, at2000, at2015])).thenFails('19:30 can no longer be booked; 19:45 and 20:00 have room', 'conflict'));
    it('refuses a full slot as full, with the next ones that have room', () =>
      spec([placed]).when(choose(at1930, slots, true, [at2000, at2015])).thenFails('19:30 is full; 20:00 and 20:15 have room', 'conflict'));
    it('says so when no later slot has room', () =>
      spec([placed]).when(choose(at2015, [at1930])).thenFails('20:15 can no longer be booked; no other time today has room', 'conflict'));
    it('refuses while the store is closed, and on a placed order', () => {
      spec([placed]).when(choose(at1930, slots, false)).thenFails(CLOSED_REFUSAL, 'conflict');
      spec(placedForLater).when(choose(at1945)).thenFails('This order has already been placed', 'conflict');
    });
  });

  describe('SubmitOrder for later', () => {
    it('places the order with its slot, in the slot’s trading day, and the window the placing took', () =>
      spec(forLater)
        .when(submit({ slots, window: at1930, tradingDay: '2026-11-28' }))
        .then([{ type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } }, submitted({ tradingDay: '2026-11-28', window: at1930 })]));
    it('refuses a slot that passed or filled while the customer was at the checkout, offering the next', () => {
      spec(forLater).when(submit({ slots: [at2000, at2015] })).thenFails('19:30 can no longer be booked; 20:00 and 20:15 have room', 'conflict');
      spec(forLater).when(submit()).thenFails('19:30 can no longer be booked', 'conflict');
    });
    it('an order as soon as possible reads as before: no time, no window', () =>
      spec([placed, collect, detailsGiven]).when(submit()).then([
        { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } },
        { type: 'OrderSubmitted', data: { orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT', itemsTotalPence: 1900, postagePence: -190, voucherDeductionPence: 0, totalPence: 1710, submittedAt: now, lapseAt: '2026-11-27T18:20:00.000Z', tradingDay: '2026-11-27' } },
      ]));
  });

  describe('the kitchen’s promise and SCHEDULED', () => {
    it('paid well before its slot: due at the slot, SCHEDULED until the slot less the lead', () => {
      spec(placedForLater).when(markPaid('2026-11-27T18:05:00.000Z')).then([paidEvent('2026-11-27T18:05:00.000Z', { dueBy: at1930, releaseAt: '2026-11-27T19:10:00.000Z' })]);
      const state = [...placedForLater, paidEvent('2026-11-27T18:05:00.000Z', { dueBy: at1930, releaseAt: '2026-11-27T19:10:00.000Z' })].reduce(orderDecider.evolve, orderDecider.initialState);
      expect(state.status).toBe('SCHEDULED');
    });
    it('paid within the lead: NEW at once; paid too late for the slot: due when the store’s wait ends', () => {
      spec(placedForLater).when(markPaid('2026-11-27T19:15:00.000Z')).then([paidEvent('2026-11-27T19:15:00.000Z', { dueBy: '2026-11-27T19:46:00.000Z' })]);
      spec(placedForLater).when(markPaid('2026-11-27T19:00:00.000Z', 0)).then([paidEvent('2026-11-27T19:00:00.000Z', { dueBy: '2026-11-27T19:31:00.000Z', releaseAt: at1930 })]);
    });
    it('as soon as possible in a later window than the wait: due at that window', () => {
      const asap = [placed, collect, detailsGiven, { type: 'PaymentMethodChosen', data: { orderId, method: 'PHONE' } } as OrderEvent, submitted({ scheduledFor: undefined, window: at1930 })];
      spec(asap).when(markPaid(now)).then([paidEvent(now, { dueBy: at1930 })]);
    });
    it('is released to the kitchen as NEW; printed early it has started and is not released', () => {
      const scheduled = [...placedForLater, paidEvent('2026-11-27T18:05:00.000Z', { dueBy: at1930, releaseAt: '2026-11-27T19:10:00.000Z' })];
      const release: OrderCommand = { type: 'ReleaseScheduledOrder', orderId, now: '2026-11-27T19:10:00.000Z' };
      spec(scheduled).when(release).then([{ type: 'OrderReleased', data: { orderId, releasedAt: '2026-11-27T19:10:00.000Z' } }]);
      const printed: OrderEvent = { type: 'OrderPrinted', data: { orderId, printedAt: now, copy: 1, via: 'browser' } };
      spec([...scheduled, printed]).when(release).then([]);
      spec(scheduled).when({ type: 'PrintOrder', orderId, now, via: 'browser' }).then([printed]);
    });
    it('moves SCHEDULED to NEW on release and to PRINTED on an early print; a phone payment held for later waits as SCHEDULED', () => {
      expect(orderStatusAfter('SCHEDULED', { type: 'OrderReleased', data: { orderId, releasedAt: now } })).toBe('NEW');
      expect(orderStatusAfter('SCHEDULED', { type: 'OrderPrinted', data: { orderId, printedAt: now, copy: 1, via: 'browser' } })).toBe('PRINTED');
      expect(orderStatusAfter('NEW', { type: 'OrderReleased', data: { orderId, releasedAt: now } })).toBe('NEW');
      expect(orderStatusAfter('AWAITING-PAYMENT', { type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: at1930, releaseAt: '2026-11-27T19:10:00.000Z' } })).toBe('SCHEDULED');
      expect(orderStatusAfter('AWAITING-PAYMENT', { type: 'OrderPaid', data: { orderId, paidAt: now, dueBy: at1930 } })).toBe('NEW');
    });
  });

  describe('the tracker’s promise', () => {
    const progressAfter = (events: OrderEvent[]) => orderProgress(events.reduce(orderDecider.evolve, orderDecider.initialState), { waitMinutes: 31 })!;
    it('before payment and while SCHEDULED, the customer is promised the booked day and time', () => {
      const waiting = progressAfter(placedForLater);
      expect(waiting).toMatchObject({ scheduledFor: at1930, expected: { readyBy: at1930 } });
      expect(expectedSentence(waiting)).toBe('Booked for Friday 27 November at 19:30.');
      const scheduled = progressAfter([...placedForLater, paidEvent('2026-11-27T18:05:00.000Z', { dueBy: at1930, releaseAt: '2026-11-27T19:10:00.000Z' })]);
      expect(scheduled).toMatchObject({ current: 'paid', expected: { readyBy: at1930 } });
    });
    it('paid too late for its slot, the later time is promised too', () => {
      const late = progressAfter([...placedForLater, paidEvent('2026-11-27T19:15:00.000Z', { dueBy: '2026-11-27T19:46:00.000Z' })]);
      expect(expectedSentence(late)).toBe('Booked for Friday 27 November at 19:30. We expect it to be ready at about 19:46.');
    });
    it('an order as soon as possible is promised as before', () =>
      expect(expectedSentence({ expected: { minutesAfterPayment: 31 }, method: 'COLLECT', scheduledFor: null })).toBe('Once it is paid, it will be ready in about 31 minutes.'));
  });
});
