import { KITCHEN_STATUSES, type KitchenStatus } from './order';
import { STORE_STATUSES, type StoreStatus } from './store-status';

/**
 * The live contract (Server-Sent Events, src/live): every channel, every message on it by its event name, and the
 * data it carries. The projections that publish and the web code that reads take their types from here, so a
 * renamed message or field is a compile error on both sides. A field is here only because a reader reads it,
 * or because the staff spec names it (§3 "Events"; its event names are fixed by §3 and §7).
 */
export interface LiveContract {
  /** Staff only (`/events/orders`): the live orders screen. */
  orders: {
    /** An order reached the kitchen: the screen fetches it by id; `tally` is the day's takings with it. */
    NewOrder: { id: string; tally: number };
    /** An order's status moved: the screen shows it at once and fetches the rest; `tally` only when the takings moved. */
    OrderChange: { id: string; status: KitchenStatus; tally?: number };
    /** An order's person was erased (issue 38): an open screen fetches the order again, which reads "[erased]". */
    OrderErased: { id: string };
    /** A card refund came due or went: the kitchen's list of refunds refetches. */
    CardRefund: Nudge;
    /** A contact-form message came or was handled (issue 34): the staff header shows how many wait. */
    ContactInbox: { unhandled: number };
    /** A login was disabled or its password set: read by the hub (src/live/hub.ts), which ends that person's streams; never sent to a screen. */
    AccessEnded: { accountId: string };
  };
  /** Public (`/events/store`): the customer banner and the staff store panel. */
  store: {
    /** The banner's words and the store's state (open, busy, slammed, closed). */
    StoreStatusChange: { state: StoreStatus; text: string };
    /** The store opened from closed: the "We're open" dialog. */
    StoreOpened: Nudge;
    /** Delivery turned on or off: the toggle and the settings refetch. */
    DeliveringStatusChange: Nudge;
    /** The opening hours changed: the settings and the kitchen's log refetch. */
    OpeningHoursChange: Nudge;
    /** Closing is near (`closingNotice`): the banner shows `message`; `mins` as the staff spec names it. */
    ClosingTime: { message: string; mins: number };
    /** Staff are asked to open (the 'Open Now?' question). */
    TakeawayOpenTime: Nudge;
  };
  /** Public (`/events/menu`, issue 16): an open menu page refetches; merged by the hub at most once a second. */
  menu: {
    /** The dishes whose card changed (an empty list: the categories did). Merged messages union the lists. */
    MenuChange: { productIds: number[] };
  };
  /**
   * Private (`/events/order?auth=`, issues 17 and 31): one customer's own order, while its checkout waits on a card
   * and while its order-complete or status page is open.
   */
  order: {
    /** A card attempt ended, or its payment placed the order: the checkout asks `/complete-order` now. */
    CardOutcome: { orderId: string };
    /** The order's steps moved (placed, paid, cooking, ready, completed, lapsed, cancelled): the page asks for them again. */
    OrderProgressed: { orderId: string };
  };
}

/** A message whose arrival is all it says: its reader refetches, or shows words of its own. */
export type Nudge = Record<string, never>;

export type LiveChannel = keyof LiveContract;
export type LiveEvent<C extends LiveChannel> = keyof LiveContract[C] & string;
export type LiveData<C extends LiveChannel, E extends LiveEvent<C>> = LiveContract[C][E];

export const LIVE_CHANNELS = ['orders', 'store', 'menu', 'order'] as const satisfies readonly LiveChannel[];
// Every channel of the contract is listed: one missing from LIVE_CHANNELS makes this line an error.
const everyChannelListed: Exclude<LiveChannel, (typeof LIVE_CHANNELS)[number]> extends never ? true : never = true;
void everyChannelListed;

/** Where a channel's stream is served (src/live/routes.ts) and opened (the web's openLiveChannel). */
export const liveChannelPath = (channel: LiveChannel) => `/events/${channel}`;

type Guard<T> = (data: unknown) => data is T;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const fields =
  <T>(check: (data: Record<string, unknown>) => boolean): Guard<T> =>
  (data): data is T =>
    isRecord(data) && check(data);
const nudge: Guard<Nudge> = fields(() => true);
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isInteger(value);

/**
 * One narrow guard per message, for the web side, which reads what a server (perhaps a newer one) sent: it checks
 * the fields the readers use, so a handler is only ever called with its message's type. A message added to the
 * contract without a guard here is a compile error.
 */
export const LIVE_GUARDS: { readonly [C in LiveChannel]: { readonly [E in LiveEvent<C>]: Guard<LiveData<C, E>> } } = {
  orders: {
    NewOrder: fields((data) => isString(data.id) && isCount(data.tally)),
    OrderChange: fields((data) => isString(data.id) && KITCHEN_STATUSES.includes(data.status as KitchenStatus) && (data.tally === undefined || isCount(data.tally))),
    OrderErased: fields((data) => isString(data.id)),
    CardRefund: nudge,
    ContactInbox: fields((data) => isCount(data.unhandled)),
    AccessEnded: fields((data) => isString(data.accountId)),
  },
  store: {
    StoreStatusChange: fields((data) => STORE_STATUSES.includes(data.state as StoreStatus) && isString(data.text)),
    StoreOpened: nudge,
    DeliveringStatusChange: nudge,
    OpeningHoursChange: nudge,
    ClosingTime: fields((data) => isString(data.message) && isCount(data.mins)),
    TakeawayOpenTime: nudge,
  },
  menu: {
    MenuChange: fields((data) => Array.isArray(data.productIds) && data.productIds.every(isCount)),
  },
  order: {
    CardOutcome: fields((data) => isString(data.orderId)),
    OrderProgressed: fields((data) => isString(data.orderId)),
  },
};

/** Whether `data`, as it came over the wire, is what the contract says `event` on `channel` carries. */
export function isLiveData<C extends LiveChannel, E extends LiveEvent<C>>(channel: C, event: E, data: unknown): data is LiveData<C, E> {
  const guards = LIVE_GUARDS[channel] as Record<string, Guard<unknown>>;
  return guards[event]?.(data) ?? false;
}
