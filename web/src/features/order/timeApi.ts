import { api } from '../../app/api';
import type { Order } from './order';
import { orderApi } from './orderApi';

/** GET /api/orderSlots (issue 37): the wait for as soon as possible, and the 15-minute slots with room now. */
export interface SlotOffer {
  asap_minutes: number;
  slots: string[];
}

export const timeApi = api.injectEndpoints({
  endpoints: (build) => ({
    orderSlots: build.query<SlotOffer, void>({
      query: () => '/api/orderSlots',
      transformResponse: (answer: SlotOffer & { status: true }) => ({ asap_minutes: answer.asap_minutes, slots: answer.slots }),
      keepUnusedDataFor: 0,
    }),
    /** The customer's choice: a slot, or null for as soon as possible. The caller words a refusal. */
    chooseOrderTime: build.mutation<Order, { scheduled_for: string | null }>({
      query: (body) => ({ url: '/api/orderTime', method: 'POST', body }),
      transformResponse: (answer: { order: Order }) => answer.order,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(orderApi.util.upsertQueryData('fetchOrder', undefined, data));
        } catch {
          // The caller words the refusal.
        }
      },
    }),
  }),
});

export const { useOrderSlotsQuery, useChooseOrderTimeMutation } = timeApi;
