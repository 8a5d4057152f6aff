import { api } from '../../../app/api';
import { isServerAnswer, isSignedOut } from '../../../app/serverMessage';
import type { AppDispatch, RootState } from '../../../app/store';
import { showDialog } from '../../dialog/dialogSlice';
import { openLiveChannel, type LiveConnection } from '../../store-status/liveChannel';
import { STAFF_ORDERS_CHANNEL } from '../../../../../src/shared/staff-channel';
import { inboxApi } from '../inbox/inboxApi';
import { liveKeysApi } from '../settings/liveKeysApi';
import { fetchOrderAfresh, liveOrdersApi, ORDER_CANCELLED_CHANGES, putOrder } from './liveOrdersApi';
import type { OrderStatus } from './kitchenOrder';

export interface OrdersChannel {
  connection: LiveConnection;
}

/**
 * Subscribing to this keeps the staff-only `/events/orders` open, with a fresh token from /broadcasting/auth for
 * each connection (issue 30 item 1); its messages update today's orders in the cache.
 */
export const ordersChannelApi = api.injectEndpoints({
  endpoints: (build) => ({
    ordersChannel: build.query<OrdersChannel, void>({
      queryFn: () => ({ data: { connection: 'connecting' } }),
      keepUnusedDataFor: 5,
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, getState }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const authorise = async () => ({ auth: (await dispatch(liveKeysApi.endpoints.authoriseChannel.initiate(STAFF_ORDERS_CHANNEL)).unwrap()).auth });
        const close = openLiveChannel('orders', {
          onConnectionChange: (connection) => {
            updateCachedData((channel) => void (channel.connection = connection));
            // A stream the server ended may mean this login was disabled: ask who is signed in.
            if (connection !== 'connected') dispatch(api.util.invalidateTags(['Me']));
          },
          // Orders placed or changed while we were not listening are not in the cache: fetch the lot again.
          onOpen: () => dispatch(api.util.invalidateTags(['LiveOrders', 'OrderTally', 'CardRefunds', 'ContactInbox'])),
          events: {
            NewOrder: ({ id, tally }) => void newOrder(dispatch, id, tally),
            OrderErased: ({ id }) => void orderErased(dispatch, getState, id),
            // Card money that no food follows is being refunded (issue 17): the kitchen's list of them refetches.
            CardRefund: () => dispatch(api.util.invalidateTags(['CardRefunds'])),
            // A contact-form message came or was handled (issue 34): the header's count at once, the inbox refetches.
            ContactInbox: ({ unhandled }) => {
              dispatch(inboxApi.util.upsertQueryData('contactUnhandled', undefined, unhandled));
              dispatch(inboxApi.util.invalidateTags(['ContactInbox']));
            },
            OrderChange: ({ id, status, tally }) => {
              // Paid or cancelled, an order enters or leaves the day's takings: the change carries the new tally.
              if (tally !== undefined) dispatch(liveOrdersApi.util.upsertQueryData('todaysOrderTally', undefined, tally));
              void orderChanged(dispatch, id, status);
            },
          },
        }, authorise);
        await cacheEntryRemoved;
        close();
      },
    }),
  }),
});

export const { useOrdersChannelQuery } = ordersChannelApi;

async function newOrder(dispatch: AppDispatch, id: string, tally: number): Promise<void> {
  dispatch(liveOrdersApi.util.upsertQueryData('todaysOrderTally', undefined, tally));
  const result = await fetchOrderAfresh(dispatch, id);
  if (result.data) {
    putOrder(dispatch, result.data);
    return;
  }
  if (isSignedOut(result.error)) return;
  const message = isServerAnswer(result.error)
    ? `there was a PROBLEM fetching new order with id ${id}`
    : `there was an ERROR fetching new order with id ${id}`;
  dispatch(showDialog({ title: 'Error', message, look: 'error' }));
  // The order must not be lost from the screen: the whole list is asked for again.
  dispatch(liveOrdersApi.util.invalidateTags(['LiveOrders']));
}

/** The status changes at once; the rest of the order (due time, notified time, copies) follows from the server. */
async function orderChanged(dispatch: AppDispatch, id: string, status: OrderStatus): Promise<void> {
  let changed = false;
  let missing = false;
  dispatch(
    liveOrdersApi.util.updateQueryData('todaysOrders', undefined, (orders) => {
      const order = orders.find((candidate) => candidate.id === id);
      if (!order) missing = true;
      if (!order || order.status === status) return;
      order.status = status;
      changed = true;
    }),
  );
  // An order this screen never got (its fetch failed): the whole list is asked for again.
  if (missing) dispatch(liveOrdersApi.util.invalidateTags(['LiveOrders']));
  // Unchanged: this screen's own action, already answered with the whole order.
  if (!changed) return;
  if (status === 'CANCELLED') dispatch(api.util.invalidateTags([...ORDER_CANCELLED_CHANGES]));
  const result = await fetchOrderAfresh(dispatch, id);
  if (result.data) putOrder(dispatch, result.data);
}

/** A person erased (issue 38): an order on this screen is fetched again, and shows "[erased]" where they were. */
async function orderErased(dispatch: AppDispatch, getState: () => unknown, id: string): Promise<void> {
  const shown = liveOrdersApi.endpoints.todaysOrders.select()(getState() as RootState).data ?? [];
  if (!shown.some((order) => order.id === id)) return;
  const result = await fetchOrderAfresh(dispatch, id);
  if (result.data) putOrder(dispatch, result.data);
  else dispatch(liveOrdersApi.util.invalidateTags(['LiveOrders']));
}
