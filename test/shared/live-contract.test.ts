import { isLiveData, LIVE_CHANNELS, type LiveChannel, type LiveContract } from '../../src/shared/live-contract';
import type { Publish } from '../../src/projections/types';

const orderId = '00000000-0000-4000-8000-000000000001';

/** One message of each kind, as its publisher sends it; a message added to the contract without one here is a compile error. */
const EXAMPLES: LiveContract = {
  orders: {
    NewOrder: { id: orderId, tally: 855 },
    OrderChange: { id: orderId, status: 'PRINTED' },
    OrderErased: { id: orderId },
    CardRefund: {},
    ContactInbox: { unhandled: 2 },
    AccessEnded: { accountId: orderId },
  },
  store: {
    StoreStatusChange: { state: 'busy', text: 'BUSY - orders ready ~61 mins after payment' },
    StoreOpened: {},
    DeliveringStatusChange: {},
    OpeningHoursChange: {},
    ClosingTime: { message: '--- Closing in approx. 10 minutes ---', mins: 10 },
    TakeawayOpenTime: {},
  },
  menu: { MenuChange: { productIds: [3, 7] } },
  order: { CardOutcome: { orderId }, OrderProgressed: { orderId } },
};

/**
 * Compile-time half of the contract (checked by `npm run typecheck`, never run): a publisher cannot send a
 * message its channel does not carry, nor a field no reader reads.
 */
function publishersAreHeldToTheContract(publish: Publish) {
  // @ts-expect-error NewOrder is a message of the staff channel, not of the public one
  void publish('store', 'NewOrder', { id: orderId, tally: 0 });
  // @ts-expect-error the staff screen fetches the due time itself: OrderChange carries no due_by
  void publish('orders', 'OrderChange', { id: orderId, status: 'NEW', due_by: null });
  // @ts-expect-error a nudge carries nothing: the screen words the call to open itself
  void publish('store', 'TakeawayOpenTime', { message: 'Time to open for orders' });
  // @ts-expect-error the status is one of the order's statuses
  void publish('orders', 'OrderChange', { id: orderId, status: 'LOST' });
}
void publishersAreHeldToTheContract;

describe('the live contract (server and web alike)', () => {
  it('lists every channel, and each message as its publisher sends it passes the guard its reader parses with', () => {
    expect([...LIVE_CHANNELS].sort()).toEqual(Object.keys(EXAMPLES).sort());
    const channels = Object.keys(EXAMPLES) as LiveChannel[];
    const refused = channels.flatMap((channel) =>
      Object.entries(EXAMPLES[channel]).filter(([event, data]) => !isLiveData(channel, event as never, JSON.parse(JSON.stringify(data)))),
    );
    expect(refused).toEqual([]);
  });

  it('refuses data that is not what the contract says, so a web handler never sees a message of another shape', () => {
    expect(isLiveData('orders', 'NewOrder', { id: orderId })).toBe(false);
    expect(isLiveData('orders', 'OrderChange', { id: orderId, status: 'LOST' })).toBe(false);
    expect(isLiveData('orders', 'OrderChange', { id: orderId, status: 'NEW', tally: '855' })).toBe(false);
    expect(isLiveData('store', 'StoreStatusChange', { state: 'maybe', text: 'OPEN' })).toBe(false);
    expect(isLiveData('store', 'ClosingTime', { message: 'soon' })).toBe(false);
    expect(isLiveData('menu', 'MenuChange', { productIds: ['3'] })).toBe(false);
    expect(isLiveData('order', 'CardOutcome', [orderId])).toBe(false);
    expect(isLiveData('order', 'OrderProgressed', { orderId: 1 })).toBe(false);
    expect(isLiveData('store', 'StoreOpened', null)).toBe(false);
    expect(isLiveData('store', 'NoSuchMessage' as never, {})).toBe(false);
  });
});
