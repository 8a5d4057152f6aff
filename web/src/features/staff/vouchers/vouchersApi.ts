import { api } from '../../../app/api';
import type { VoucherBenefit } from '../../../../../src/shared/voucher';

export type VoucherMethod = 'ANY' | 'COLLECT' | 'DELIVER';

/** What a manager sets for a voucher (POST /api/vouchers); every term but the codes may be edited later. */
export interface VoucherTerms {
  description: string;
  benefit: VoucherBenefit;
  minSpendPence: number;
  validFrom: string | null;
  validUntil: string | null;
  method: VoucherMethod;
  firstOrderOnly: boolean;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
}

export interface VoucherRow {
  voucherId: string;
  status: 'active' | 'disabled';
  description: string;
  singleUse: boolean;
  codeCount: number;
  codes: string[];
  terms: VoucherTerms;
  usesHeld: number;
  givenAwayPence: number;
  createdAt: string;
}

export interface VoucherUse {
  orderId: string;
  orderRef: string;
  code: string;
  status: 'reserved' | 'confirmed' | 'released';
  deductionPence: number;
  reservedAt: string;
  customer: string;
}

/** The manager's voucher calls (issue 19 item 3). */
export const vouchersApi = api.injectEndpoints({
  endpoints: (build) => ({
    vouchers: build.query<VoucherRow[], void>({
      query: () => '/api/vouchers',
      transformResponse: (answer: { vouchers: VoucherRow[] }) => answer.vouchers,
      providesTags: ['Vouchers'],
    }),
    voucherUses: build.query<{ uses: VoucherUse[]; givenAwayPence: number }, string>({
      query: (voucherId) => `/api/vouchers/${voucherId}/uses`,
      providesTags: ['Vouchers'],
    }),
    createVoucher: build.mutation<{ voucherId: string }, { code?: string; count?: number; terms: VoucherTerms }>({
      query: (body) => ({ url: '/api/vouchers', method: 'POST', body }),
      invalidatesTags: ['Vouchers'],
    }),
    editVoucher: build.mutation<void, { voucherId: string; terms: VoucherTerms }>({
      query: ({ voucherId, terms }) => ({ url: `/api/vouchers/${voucherId}`, method: 'POST', body: { terms } }),
      invalidatesTags: ['Vouchers'],
    }),
    setVoucherEnabled: build.mutation<void, { voucherId: string; enabled: boolean }>({
      query: ({ voucherId, enabled }) => ({ url: `/api/vouchers/${voucherId}/enabled`, method: 'POST', body: { enabled } }),
      invalidatesTags: ['Vouchers'],
    }),
    setVouchersOn: build.mutation<void, boolean>({
      query: (on) => ({ url: '/api/settings/update', method: 'POST', body: { settings: { vouchers_enabled: on } } }),
      invalidatesTags: ['Vouchers', 'Settings'],
    }),
  }),
});

export const { useVouchersQuery, useVoucherUsesQuery, useCreateVoucherMutation, useEditVoucherMutation, useSetVoucherEnabledMutation, useSetVouchersOnMutation } =
  vouchersApi;
