import { orderChannelName } from '../../../../../src/shared/order-channel';
import { api } from '../../../app/api';
import type { Order } from '../../order/order';

/** Spec §7 `POST /api/env/STRIPE_KEY`: the publishable key; with FAKE_CARD_PAYMENTS, the local fake's address too. */
export interface CardKey {
  status: boolean;
  value: string | null;
  message?: string;
  fakeApiUrl?: string;
}

/** What the card form reports of its confirmation with the provider (spec §3 "payment completion payload"). */
export interface CardConfirmation {
  id: string;
  status: string;
  message: string;
}

/** The order placed, or (202) the provider has not answered yet: ask again. */
export type CardCompletion = { pending: true; message: string } | { pending: false; message: string; order: Order };

export const cardApi = api.injectEndpoints({
  endpoints: (build) => ({
    stripeKey: build.query<CardKey, void>({
      query: () => ({ url: '/api/env/STRIPE_KEY', method: 'POST', body: {} }),
    }),
    /** Spec §7: the order comes from the session and the amount from the server; the browser's flag is ignored. */
    createCheckoutSession: build.mutation<{ clientSecret: string; amount: number }, void>({
      query: () => ({ url: '/api/createCheckoutSession', method: 'POST', body: { unique_id: crypto.randomUUID(), production: false } }),
    }),
    completeCardOrder: build.mutation<CardCompletion, CardConfirmation>({
      query: ({ id, status, message }) => ({ url: '/complete-order', method: 'POST', body: { payment_method: 'CARD', status, message, id } }),
      transformResponse: (answer: { pending?: boolean; message: string; order?: Order }) =>
        answer.pending ? { pending: true, message: answer.message } : { pending: false, message: answer.message, order: answer.order! },
      // Not the order: refetched, the placed order would unmount this checkout before its thanks lead on.
      invalidatesTags: ['Cart', 'Menu'],
    }),
    /** Spec §7's realtime auth: a short-lived token for the order's private live channel (the session's own order only). */
    authoriseOrderChannel: build.mutation<{ auth: string }, string>({
      query: (orderId) => ({ url: '/broadcasting/auth', method: 'POST', body: { channel_name: orderChannelName(orderId) } }),
    }),
  }),
});

export const { useStripeKeyQuery, useCreateCheckoutSessionMutation, useCompleteCardOrderMutation, useAuthoriseOrderChannelMutation } = cardApi;

/** A PaymentIntent's id is the part of its client secret before `_secret_`. */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];
