import { api } from '../../app/api';
import { errorText } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { orderApi } from '../order/orderApi';
import type { Order } from '../order/order';
import type { VoucherUseView } from '../../../../src/shared/voucher';
import { STATUS_FETCH_FAILED } from './voucherTexts';

/** POST /try-to-apply-voucher: applied (status true) or refused with the reason (status false). */
export interface VoucherAnswer {
  status: boolean;
  message: string;
  voucherUse: VoucherUseView | null;
  order: Order | null;
}

/** Customer spec §7: the three voucher calls at the root. Each answer's order replaces the cached one. */
export const voucherApi = api.injectEndpoints({
  endpoints: (build) => ({
    vouchersStatus: build.query<boolean, void>({
      query: () => '/vouchers-status',
      transformResponse: (answer: { status: boolean; value: boolean }) => answer.status === true && answer.value === true,
      providesTags: ['Vouchers'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          dispatch(showDialog({ title: 'ERROR', message: `${STATUS_FETCH_FAILED}: ${errorText(failure)}`, look: 'error' }));
        }
      },
    }),
    tryToApplyVoucher: build.mutation<VoucherAnswer, { code: string; email: string; orderId: string }>({
      query: (body) => ({ url: '/try-to-apply-voucher', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.order) dispatch(orderApi.util.upsertQueryData('fetchOrder', undefined, data.order));
        } catch {
          // The box words the failure.
        }
      },
    }),
    deleteVoucherUse: build.mutation<VoucherAnswer, { orderId: string }>({
      query: (body) => ({ url: '/deleteVoucherUse', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.order) dispatch(orderApi.util.upsertQueryData('fetchOrder', undefined, data.order));
        } catch {
          // The caller words the failure.
        }
      },
    }),
  }),
});

export const { useVouchersStatusQuery, useTryToApplyVoucherMutation, useDeleteVoucherUseMutation } = voucherApi;
