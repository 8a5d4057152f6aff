import type { OrderFound, OrderTimeline, StreamCategory, StreamPage, StreamSummary } from '../../../../../src/shared/order-timeline';
import type { VerifyState } from '../../../../../src/shared/read-model-verify';
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

export interface StreamPageArgs {
  stream: string;
  direction: 'forwards' | 'backwards';
  from?: number;
  type?: string;
  since?: string;
  until?: string;
}

const queryOf = (fields: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => (value === undefined || value === '' ? [] : [[name, String(value)]]))).toString();

export const streamsApi = api.injectEndpoints({
  endpoints: (build) => ({
    streamCategories: build.query<StreamCategory[], void>({
      query: () => '/api/streams/categories',
      transformResponse: (answer: { status: true; categories: StreamCategory[] }) => answer.categories,
    }),
    streamsOf: build.query<StreamSummary[], { category: string; after?: string }>({
      query: ({ category, after }) => `/api/streams?${queryOf({ category, after, limit: 50 })}`,
      transformResponse: (answer: { status: true; streams: StreamSummary[] }) => answer.streams,
    }),
    streamPage: build.query<StreamPage, StreamPageArgs>({
      query: ({ stream, ...rest }) => `/api/streams/${encodeURIComponent(stream)}/events?${queryOf({ ...rest, limit: 20 })}`,
      transformResponse: (answer: { status: true; page: StreamPage }) => answer.page,
    }),
  }),
});

export const { useStreamCategoriesQuery, useStreamsOfQuery, useStreamPageQuery } = streamsApi;

/** The admins' verified replay of the read models (issue 40 item 3). */
export const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyState: build.query<VerifyState, void>({
      query: () => '/api/operations/verify',
      transformResponse: (answer: { status: true; verify: VerifyState }) => answer.verify,
    }),
    startVerify: build.mutation<VerifyState, string>({
      query: (projection) => ({ url: '/api/operations/verify', method: 'POST', body: { projection } }),
      transformResponse: (answer: { status: true; verify: VerifyState }) => answer.verify,
      async onQueryStarted(_projection, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(verifyApi.util.upsertQueryData('verifyState', undefined, data));
      },
    }),
  }),
});

export const { useVerifyStateQuery, useStartVerifyMutation } = verifyApi;
