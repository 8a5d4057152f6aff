import { api } from '../../app/api';
import { caughtMessage, isServerAnswer } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import type { CollectDiscount } from '../../../../src/shared/postage';

export interface PostcodeCheck {
  /** The canonical postcode the server checked (and remembers in a signed cookie for the delivery charge). */
  postcode: string;
  miles: number;
  inside_area: boolean;
}

interface PostcodeAnswer extends PostcodeCheck {
  status: true;
  message: string;
}

interface DiscountAnswer {
  status: true;
  offer_takeaway_collect_discount: boolean;
  takeaway_collect_discount_type: CollectDiscount['type'];
  takeaway_collect_discount_amount_or_percent: number;
}

/** What a delivery charge was worked out for: the key of the cached answer (the server reads both itself: the basket from the session, the postcode from its signed cookie). */
export interface DeliveryChargeFor {
  postcode: string;
  itemsTotalPence: number;
}

export const DELIVERY_CHARGE_FAILED = 'There was an ERROR calculating the delivery charge';

export const deliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    postcodeDistance: build.query<PostcodeCheck, string>({
      query: (postcode) => `/api/postcode-distance/${encodeURIComponent(postcode)}`,
      transformResponse: ({ postcode, miles, inside_area }: PostcodeAnswer) => ({ postcode, miles, inside_area }),
      // The server remembers only the last postcode checked: a cached answer for an earlier one would mislead it.
      keepUnusedDataFor: 0,
      async onQueryStarted(_postcode, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const message = isServerAnswer(failure)
            ? caughtMessage(failure, 'there was a PROBLEM calculating the distance try again')
            : ' ERROR calculating distance ? try again with a valid postcode';
          dispatch(showDialog({ title: 'Error', message, look: 'error' }));
        }
      },
    }),
    deliveryCharge: build.query<number, DeliveryChargeFor>({
      query: () => '/api/calc_delivery',
      transformResponse: (answer: { status: true; delivery_charge: number }) => answer.delivery_charge,
      keepUnusedDataFor: 0,
      async onQueryStarted(_for, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const reason = isServerAnswer(failure) ? caughtMessage(failure, '') : '';
          dispatch(showDialog({ title: 'Sorry', message: [DELIVERY_CHARGE_FAILED, reason].filter(Boolean).join('\n'), look: 'error' }));
        }
      },
    }),
    takeawayDiscount: build.query<CollectDiscount, void>({
      query: () => '/api/takeawayDiscountSettings',
      transformResponse: (answer: DiscountAnswer) => ({
        offer: answer.offer_takeaway_collect_discount,
        type: answer.takeaway_collect_discount_type,
        amountOrPercent: answer.takeaway_collect_discount_amount_or_percent,
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          dispatch(showDialog({ title: 'Error', message: 'Problem fetching offer_takeaway_collect_discount', look: 'error' }));
        }
      },
    }),
    /** Server-built HTML explaining the delivery charge bands (escaped on the server). */
    deliveryChargesSummary: build.query<string, void>({
      query: () => ({ url: '/api/deliveryChargesSummary', method: 'POST', body: {} }),
      transformResponse: (answer: { status: true; summary: string }) => answer.summary,
    }),
  }),
});

export const { usePostcodeDistanceQuery, useDeliveryChargeQuery, useTakeawayDiscountQuery, useDeliveryChargesSummaryQuery } = deliveryApi;
