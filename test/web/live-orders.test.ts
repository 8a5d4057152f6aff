import type { KitchenOrder } from '../../src/shared/order';
import { listKeepingNewer, toLiveOrder, wasNotified, type LiveOrder } from '../../web/src/features/staff/orders/kitchenOrder';
import { sortOrders, type OrderSort } from '../../web/src/features/staff/orders/sortOrders';
import { formatCountdown } from '../../web/src/features/staff/orders/times';

/** The live orders screen's pure parts (staff spec §2, §4). */
const order = (id: string, fields: Partial<KitchenOrder> = {}): KitchenOrder => ({
  id,
  ref: id.toUpperCase(),
  status: 'NEW',
  scheduled_for: null,
  released_at: null,
  full_name: 'Kim Lee',
  email: 'kim@example.com',
  phone_number: '07911 123456',
  address_1: '',
  address_2: '',
  address_3: '',
  town_city: '',
  postcode: '',
  delivery_info: '',
  allergy_info: '',
  extra_info: '',
  payment_method: 'PHONE',
  ta_method: 'COLLECT',
  postage: 0,
  items_total: 950,
  total_cost: 950,
  voucher_code: null,
  voucher_deduction: 0,
  updated_at: '2026-11-20T19:00:00.000Z',
  paid_at: null,
  due_by: null,
  remaining: null,
  lapse_at: null,
  lapse_remaining: null,
  notified_at: null,
  printed_copies: 0,
  version: 1,
  completed_at: null,
  refunded: 0,
  refund_standing: 'NONE',
  refunded_lines: [],
  refundable: 0,
  refund_failed: 0,
  order_items: [],
  takeawayorder: { order_status: 'NEW', due_by: null },
  ...fields,
});

describe('a countdown', () => {
  it("reads 'DUE' at zero and below, the time left before", () => {
    expect(formatCountdown(0)).toBe('DUE');
    expect(formatCountdown(-30)).toBe('DUE');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});

describe('an order loaded with notified_at', () => {
  it('is treated as notified; without it, not', () => {
    expect(wasNotified(order('a', { status: 'PRINTED', notified_at: '2026-11-20T19:25:00.000Z' }))).toBe(true);
    expect(wasNotified(order('a', { status: 'PRINTED' }))).toBe(false);
  });
});

describe('the order each sort arrow gives', () => {
  // b is the dearest and the first received; c has no due time yet, so it goes last on the due sort either way.
  const orders: LiveOrder[] = [
    order('a', { total_cost: 950, updated_at: '2026-11-20T19:10:00.000Z', remaining: 600 }),
    order('b', { total_cost: 2500, updated_at: '2026-11-20T19:00:00.000Z', remaining: 1200 }),
    order('c', { total_cost: 450, updated_at: '2026-11-20T19:20:00.000Z', remaining: null }),
  ].map(toLiveOrder);
  const ids = (sort: OrderSort) => sortOrders(orders, sort).map((sorted) => sorted.id);

  it.each<[OrderSort, string[]]>([
    [{ key: 'price', direction: 'ascending' }, ['c', 'a', 'b']],
    [{ key: 'price', direction: 'descending' }, ['b', 'a', 'c']],
    [{ key: 'received', direction: 'ascending' }, ['b', 'a', 'c']],
    [{ key: 'received', direction: 'descending' }, ['c', 'a', 'b']],
    [{ key: 'due', direction: 'ascending' }, ['a', 'b', 'c']],
    [{ key: 'due', direction: 'descending' }, ['b', 'a', 'c']],
  ])('%o', (sort, expected) => expect(ids(sort)).toEqual(expected));
});

describe('an order for later on the live screen (issue 37)', () => {
  it('sorts by its slot while it waits, and by its release once it has come to the kitchen', () => {
    const waiting = order('later', { status: 'SCHEDULED', updated_at: '2026-11-20T17:00:00.000Z', scheduled_for: '2026-11-20T19:30:00.000Z' });
    const released = order('released', { updated_at: '2026-11-20T17:05:00.000Z', scheduled_for: '2026-11-20T19:00:00.000Z', released_at: '2026-11-20T18:40:00.000Z' });
    const now = order('now', { updated_at: '2026-11-20T18:50:00.000Z' });
    const received = sortOrders([waiting, released, now].map(toLiveOrder), { key: 'received', direction: 'descending' });
    expect(received.map((sorted) => sorted.id)).toEqual(['later', 'now', 'released']);
  });
});

describe('two answers about one order, arriving out of turn', () => {
  const shown = [toLiveOrder(order('a', { status: 'NEW', refundable: 355, version: 7 })), toLiveOrder(order('b', { version: 3 }))];
  const staleList = [order('a', { status: 'AWAITING-PAYMENT', refundable: 0, version: 6 }), order('b', { status: 'PRINTED', version: 4 }), order('c', { version: 8 })].map(toLiveOrder);

  it('the screen keeps the newer copy: a list asked for before a change does not undo it', () => {
    const kept = listKeepingNewer(shown, staleList, () => false);
    expect(kept.map((one) => [one.id, one.status, one.version])).toEqual([
      ['a', 'NEW', 7],
      ['b', 'PRINTED', 4],
      ['c', 'NEW', 8],
    ]);
  });

  it('an order the list lacks stays when the screen heard of it after asking, and goes otherwise (another day)', () => {
    const withoutA = staleList.slice(1);
    expect(listKeepingNewer(shown, withoutA, (id) => id === 'a').map((one) => one.id)).toEqual(['a', 'b', 'c']);
    expect(listKeepingNewer(shown, withoutA, () => false).map((one) => one.id)).toEqual(['b', 'c']);
  });
});
