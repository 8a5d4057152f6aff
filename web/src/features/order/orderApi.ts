import { api } from '../../app/api';
import { isServerAnswer } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import type { Order, OrderUpdate, PaymentCompletion, PaymentMethod } from './order';

/** Spec §8: 'Problem ...' when the shop answered with a refusal, 'Error ...' when it could not be asked; each only for its own failure. */
export const paymentMethodsFailed = (failure: unknown) =>
  isServerAnswer(failure) ? 'Problem fetching available payment methods' : 'Error fetching available payment methods';

interface OrderAnswer {
  status: true;
  order: Order;
  message: string;
}

export interface Completion {
  message: string;
  order: Order;
}

export const orderApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The order this session saved; 404 when there is none. Errors are shown by the page asking. */
    fetchOrder: build.query<Order, void>({
      query: () => ({ url: '/api/fetchOrder', method: 'POST', body: {} }),
      transformResponse: (answer: OrderAnswer) => answer.order,
      providesTags: ['Order'],
    }),
    canPay: build.query<boolean, void>({
      query: () => '/api/can_pay',
      transformResponse: (answer: { status: true; value: boolean }) => answer.value,
    }),
    availablePaymentMethods: build.query<PaymentMethod[], void>({
      query: () => '/api/available_payment_methods',
      transformResponse: (answer: { status: true; payment_methods: PaymentMethod[] }) => answer.payment_methods,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          dispatch(showDialog({ title: 'Error', message: paymentMethodsFailed(failure), look: 'error' }));
        }
      },
    }),
    /** The basket becomes (or refreshes) this session's order. Outside takeaway mode the note travels with it. */
    saveCartAsOrder: build.mutation<Order, { order_extra_info?: string }>({
      query: (body) => ({ url: '/api/saveCartAsOrder', method: 'POST', body }),
      transformResponse: (answer: OrderAnswer) => answer.order,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(orderApi.util.upsertQueryData('fetchOrder', undefined, data));
        } catch {
          // The caller words the refusal.
        }
      },
    }),
    updateOrder: build.mutation<Order, OrderUpdate>({
      query: (body) => ({ url: '/api/updateOrder', method: 'POST', body }),
      transformResponse: (answer: OrderAnswer) => answer.order,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(orderApi.util.upsertQueryData('fetchOrder', undefined, data));
        } catch {
          // The caller words the refusal.
        }
      },
    }),
    /** Spec §7: the customer's payment method choice. A 200 answer with status false is a refusal too. */
    updatePayMethod: build.mutation<void, { method: PaymentMethod }>({
      query: (body) => ({
        url: '/api/updatePayMethod',
        method: 'POST',
        body,
        validateStatus: (response, answer: { status?: boolean } | undefined) => response.ok && answer?.status !== false,
      }),
      invalidatesTags: ['Order'],
    }),
    /**
     * Places the order. The basket is then empty and the sold units leave the menu's stock; the order page
     * that follows fetches the placed order afresh.
     */
    completeOrder: build.mutation<Completion, PaymentCompletion>({
      query: (body) => ({ url: '/complete-order', method: 'POST', body }),
      transformResponse: ({ message, order }: OrderAnswer) => ({ message, order }),
      invalidatesTags: ['Cart', 'Menu'],
    }),
  }),
});

export const {
  useFetchOrderQuery,
  useCanPayQuery,
  useAvailablePaymentMethodsQuery,
  useSaveCartAsOrderMutation,
  useUpdateOrderMutation,
  useUpdatePayMethodMutation,
  useCompleteOrderMutation,
} = orderApi;
