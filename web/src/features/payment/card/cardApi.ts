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
  /** Whose payment it is: a card's (the default) or PayPal's (issue 36). */
  method?: 'CARD' | 'PAYPAL';
}

/** What the provider's stand-in or script needs to take the payment: Stripe's client secret, or PayPal's order id. */
export interface ProviderSession {
  clientSecret: string;
  amount: number;
}

/** The order placed, or (202) the provider has not answered yet: ask again. */
export type CardCompletion = { pending: true; message: string } | { pending: false; message: string; order: Order };

export const cardApi = api.injectEndpoints({
  endpoints: (build) => ({
    stripeKey: build.query<CardKey, void>({
      query: () => ({ url: '/api/env/STRIPE_KEY', method: 'POST', body: {} }),
    }),
    /** Spec §7: the order comes from the session and the amount from the server; the browser's flag is ignored. */
    createCheckoutSession: build.mutation<ProviderSession, void>({
      query: () => ({ url: '/api/createCheckoutSession', method: 'POST', body: { unique_id: crypto.randomUUID(), production: false } }),
    }),
    /** PayPal (issue 36): the same placing sequence as the card's session; the PayPal order's id is what the payer approves. */
    createPayPalOrder: build.mutation<ProviderSession, void>({
      query: () => ({ url: '/api/paypal/create-order', method: 'POST', body: { unique_id: crypto.randomUUID(), production: false } }),
      transformResponse: (answer: { id: string; amount: number }) => ({ clientSecret: answer.id, amount: answer.amount }),
    }),
    /** With FAKE_PAYPAL, PayPal's client id and the local fake's address; else the client id PayPal's script loads with. */
    paypalKey: build.query<CardKey, void>({
      query: () => ({ url: '/api/env/PAYPAL_KEY', method: 'POST', body: {} }),
    }),
    completeCardOrder: build.mutation<CardCompletion, CardConfirmation>({
      query: ({ id, status, message, method }) => ({ url: '/complete-order', method: 'POST', body: { payment_method: method ?? 'CARD', status, message, id } }),
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

export const { useStripeKeyQuery, usePaypalKeyQuery, useCreateCheckoutSessionMutation, useCreatePayPalOrderMutation, useCompleteCardOrderMutation, useAuthoriseOrderChannelMutation } = cardApi;

/** A PaymentIntent's id is the part of its client secret before `_secret_`. */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];
