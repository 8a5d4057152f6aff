import { api } from '../../app/api';

export type ErasureTarget = { email: string } | { phone: string } | { orderId: string };

export interface Erased {
  status: true;
  message: string;
  orders: number;
  records: number;
}

export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    erasePerson: build.mutation<Erased, ErasureTarget>({
      query: (body) => ({ url: '/api/privacy/erase', method: 'POST', body }),
      invalidatesTags: ['Accounts'],
    }),
  }),
});

export const { useErasePersonMutation } = privacyApi;
