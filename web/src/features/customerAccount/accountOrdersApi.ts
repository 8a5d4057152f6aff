import type { AccountOrdersAnswer, ReorderAnswer, ReorderLine } from '../../../../src/shared/order-summary';
import { api } from '../../app/api';

export const accountOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the signed-in customer's past orders, newest first (issue 33). */
    accountOrders: build.query<AccountOrdersAnswer, number>({
      query: (page) => ({ url: '/api/account/orders', params: { page } }),
      providesTags: ['Order'],
    }),
    /** What ordering a past order again would add, with the prices then and now (issue 33). */
    reorderPlan: build.mutation<ReorderLine[], string>({
      query: (orderId) => ({ url: `/api/account/orders/${encodeURIComponent(orderId)}/reorder`, method: 'GET' }),
      transformResponse: (answer: ReorderAnswer) => answer.lines,
    }),
  }),
});

export const { useAccountOrdersQuery, useReorderPlanMutation } = accountOrdersApi;
