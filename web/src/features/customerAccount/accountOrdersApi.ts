import type { AccountOrdersAnswer } from '../../../../src/shared/order-summary';
import { api } from '../../app/api';

export const accountOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the signed-in customer's past orders, newest first (issue 33). */
    accountOrders: build.query<AccountOrdersAnswer, number>({
      query: (page) => ({ url: '/api/account/orders', params: { page } }),
      providesTags: ['Order'],
    }),
  }),
});

export const { useAccountOrdersQuery } = accountOrdersApi;
