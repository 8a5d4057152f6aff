import { api } from '../../../app/api';
import type { StoreState } from '../../store-status/storeState';

interface ChangeStatusAnswer {
  status: true;
  message: string;
}

/** Whether we are within the opening hours; outside them, a special day's message says why (closed for Christmas). */
export interface CanOpenAnswer {
  status: boolean;
  message?: string;
}

export const storeStateApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeStoreState: build.mutation<string, StoreState>({
      query: (state) => ({ url: '/api/change-status', method: 'POST', body: { state } }),
      transformResponse: (answer: ChangeStatusAnswer) => answer.message,
      // The banner text, the shop's own reading of order_status and the kitchen's log change with it.
      invalidatesTags: ['StoreStatus', 'Settings', 'StoreLog'],
    }),
    /** True while within opening hours: a closed store should then be opened. */
    canOpenStore: build.query<boolean, void>({
      query: () => ({ url: '/api/ta/canOpen', method: 'POST', body: {} }),
      transformResponse: (answer: CanOpenAnswer) => answer.status,
      keepUnusedDataFor: 0,
    }),
    /** The same question when staff open: the answer with its reason. */
    openingHoursNow: build.query<CanOpenAnswer, void>({
      query: () => ({ url: '/api/ta/canOpen', method: 'POST', body: {} }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useChangeStoreStateMutation, useCanOpenStoreQuery, useLazyOpeningHoursNowQuery } = storeStateApi;
