import type { OrderFound, OrderTimeline } from '../../../../../src/shared/order-timeline';
import { api } from '../../../app/api';

export type { OrderFound, OrderTimeline };

/** An order's history (issue 40 item 1): the search by reference and the timeline, masked or (admins after step-up) not. */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    ordersByRef: build.query<OrderFound[], string>({
      query: (ref) => `/api/order-search?ref=${encodeURIComponent(ref)}`,
      transformResponse: (answer: { status: true; orders: OrderFound[] }) => answer.orders,
    }),
    orderTimeline: build.query<OrderTimeline, string>({
      query: (orderId) => `/api/orders/${encodeURIComponent(orderId)}/timeline`,
      transformResponse: (answer: { status: true; timeline: OrderTimeline }) => answer.timeline,
    }),
    /** Never kept: personal data leave the cache with the page. */
    orderTimelinePersonal: build.query<OrderTimeline, string>({
      query: (orderId) => `/api/orders/${encodeURIComponent(orderId)}/timeline/personal`,
      transformResponse: (answer: { status: true; timeline: OrderTimeline }) => answer.timeline,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyOrdersByRefQuery, useOrderTimelineQuery, useLazyOrderTimelinePersonalQuery } = historyApi;
