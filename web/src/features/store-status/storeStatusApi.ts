import { api } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import { showDialog, type DialogContent } from '../dialog/dialogSlice';
import { openLiveChannel, type LiveConnection, type LiveEventHandlers } from './liveChannel';
import { storeBanner, type StoreBanner } from '../../../../src/shared/store-status';
import type { StoreState } from './storeState';
import { isStaffScreen } from '../staff/staffScreens';

/** What the customer banner shows; a menu or page rendered on the server has it in its first screen. */
export type StoreStatus = StoreBanner;

/** The public store channel itself: whether it is connected, and how often staff were told it is time to open. */
export interface StoreChannel {
  connection: LiveConnection;
  openTimeCalls: number;
}

interface ValueAnswer {
  status: true;
  value: unknown;
}

interface MinsToCloseAnswer {
  status: true;
  secsToClose: number;
}

// Staff spec §9: the store-opened dialog shows for 2 s, the closing dialog for 3 s.
const STORE_OPENED: DialogContent = { title: "We're open", message: 'We are now taking orders.', look: 'success', autoCloseMs: 2000 };
const CLOSING_DIALOG_MS = 3000;
// Staff spec §8: a banner whose figures could not be fetched says so.
const INITIAL_STATUS_FAILED: DialogContent = { title: 'ERROR', message: 'ERROR fetching initial status', look: 'error' };
const MINS_TO_CLOSE_FAILED: DialogContent = { title: 'ERROR', message: 'Store Status: ERROR fetching minsToCloseTime', look: 'error' };

export const storeStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    storeStatus: build.query<StoreStatus, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const [banner, state, closing] = await Promise.all([
          baseQuery({ url: '/store-status', responseHandler: 'text' }),
          baseQuery('/api/settings/order_status'),
          baseQuery('/api/minsToCloseTime'),
        ]);
        if (banner.error || state.error) {
          dispatch(showDialog(INITIAL_STATUS_FAILED));
          return { error: (banner.error ?? state.error)! };
        }
        if (closing.error) dispatch(showDialog(MINS_TO_CLOSE_FAILED));
        const secondsLeft = closing.error ? 0 : (closing.data as MinsToCloseAnswer).secsToClose;
        return { data: storeBanner(String(banner.data), (state.data as ValueAnswer).value, secondsLeft) };
      },
      providesTags: ['StoreStatus'],
    }),
    /** Subscribing to this keeps `/events/store` open; its messages update the store status in the cache. */
    storeChannel: build.query<StoreChannel, void>({
      queryFn: () => ({ data: { connection: 'connecting', openTimeCalls: 0 } }),
      keepUnusedDataFor: 5,
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return; // removed before it loaded
        }
        let connectedBefore = false;
        const close = openLiveChannel('store', {
          onConnectionChange: (connection) => updateCachedData((channel) => void (channel.connection = connection)),
          onOpen: () => {
            // What the banner, the menu's ordering block and the delivery toggle show may have changed meanwhile.
            dispatch(api.util.invalidateTags(connectedBefore ? ['StoreStatus', 'Settings', 'DeliveringStatus', 'StoreLog'] : ['StoreStatus']));
            connectedBefore = true;
          },
          events: {
            ...storeEvents(dispatch),
            TakeawayOpenTime: () => updateCachedData((channel) => void (channel.openTimeCalls += 1)),
          },
        });
        await cacheEntryRemoved;
        close();
      },
    }),
  }),
});

export const { useStoreStatusQuery, useStoreChannelQuery } = storeStatusApi;

/** Sets the store state in the cache at once, e.g. when staff changed it and the server confirmed. */
export function storeStateChanged(dispatch: AppDispatch, state: StoreState, text?: string): void {
  dispatch(
    storeStatusApi.util.updateQueryData('storeStatus', undefined, (status) => {
      status.state = state;
      if (text !== undefined) status.text = text;
      if (state === 'closed') status.closingNotice = null;
    }),
  );
}

function storeEvents(dispatch: AppDispatch): LiveEventHandlers<'store'> {
  return {
    StoreStatusChange: ({ state, text }) => {
      storeStateChanged(dispatch, state, text);
      // The shop's own reading of order_status (add-to-cart, checkout) and the kitchen's log follow.
      dispatch(api.util.invalidateTags(['Settings', 'StoreLog']));
    },
    ClosingTime: ({ message }) => {
      dispatch(storeStatusApi.util.updateQueryData('storeStatus', undefined, (status) => void (status.closingNotice = message)));
      dispatch(showDialog({ title: 'Closing soon', message, look: 'info', autoCloseMs: CLOSING_DIALOG_MS }));
    },
    // The customers' news: the kitchen opened the store itself, and its own panel shows it (issue 38).
    StoreOpened: () => {
      if (!isStaffScreen(globalThis.location?.pathname ?? '')) dispatch(showDialog(STORE_OPENED));
    },
    DeliveringStatusChange: () => dispatch(api.util.invalidateTags(['DeliveringStatus', 'Settings', 'StoreLog'])),
    OpeningHoursChange: () => dispatch(api.util.invalidateTags(['Settings', 'StoreLog'])),
  };
}
