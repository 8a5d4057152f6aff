import type { StaffRefundReason } from '../../../../../src/shared/order';
import { api } from '../../../app/api';
import type { AppDispatch } from '../../../app/store';
import { isSignedOut } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import { heardSince, markHeard, markNow } from './heardOrders';
import { isOlderThanShown, listKeepingNewer, toLiveOrder, type KitchenOrderAnswer, type LiveOrder } from './kitchenOrder';

interface OrderAnswer {
  status: true;
  order: KitchenOrderAnswer;
}

interface PrintAnswer extends OrderAnswer {
  /** Signed and short-lived: the Android printer app fetches the ticket without the staff member's cookie. */
  bt_print_url: string;
  /** The ticket page of the copy just printed (the first copy is not a DUPLICATE). */
  preview_url: string;
}

/** The printed order, and where the Android printer app can fetch its ticket. */
export interface PrintedOrder {
  order: LiveOrder;
  btPrintUrl: string;
  ticketPath: string;
}

interface NotifyAnswer extends OrderAnswer {
  notified_at: string;
}

/** One line of the kitchen ticket, as GET /takeaway/{id}/bt-print answers it for the Bluetooth printer app. */
export interface TicketLine {
  type: number;
  content: string;
  bold: 0 | 1;
  /** 1 = centred. */
  align: 0 | 1;
  /** 2 = big. */
  format: 0 | 2;
}

export type PrintVia = 'browser' | 'bluetooth' | 'marked';

/** POST /api/orders/{id}/refunds: whole lines, or an amount in pence; why, and a note. */
export type RefundRequest = { orderId: string; requestId: string; reason: StaffRefundReason; note: string; byHand: boolean } & ({ lines: number[] } | { amountPence: number });

/** What a cancelled order changes besides itself: the day's tally and the stock its dishes return to. */
export const ORDER_CANCELLED_CHANGES = ['OrderTally', 'Menu', 'OosProducts'] as const;

const fromOrderAnswer = (answer: OrderAnswer) => toLiveOrder(answer.order);

/** When each fetch of today's list was asked for (heardOrders.ts), by its request. */
const listAskedAt = new Map<string, number>();

export const liveOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    todaysOrders: build.query<LiveOrder[], void>({
      query: () => '/api/todaysOrders',
      transformResponse: (answer: KitchenOrderAnswer[]) => answer.map(toLiveOrder),
      // A list asked for before an order's latest change may come back after it: the newer copy stays.
      merge: (shown, fetched, { requestId }) => {
        const asked = listAskedAt.get(requestId) ?? Number.POSITIVE_INFINITY;
        return listKeepingNewer(shown, fetched, (id) => heardSince(id, asked));
      },
      providesTags: ['LiveOrders'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled, requestId }) {
        listAskedAt.set(requestId, markNow());
        try {
          await queryFulfilled;
        } catch (caught) {
          if (!isSignedOut(caught)) dispatch(showDialog({ title: 'Error', message: "There was an ERROR fetching today's orders", look: 'error' }));
        } finally {
          listAskedAt.delete(requestId);
        }
      },
    }),
    todaysOrderTally: build.query<number, void>({
      query: () => '/api/todaysOrderTally',
      providesTags: ['OrderTally'],
    }),
    kitchenOrder: build.query<LiveOrder, string>({
      query: (id) => `/api/fetchOrder/${encodeURIComponent(id)}`,
      transformResponse: fromOrderAnswer,
      keepUnusedDataFor: 0,
    }),
    markOrderPaid: build.mutation<LiveOrder, { orderId: string }>({
      query: (body) => ({ url: '/api/ta/markPaid', method: 'POST', body }),
      transformResponse: fromOrderAnswer,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => putWhenAnswered(dispatch, queryFulfilled),
    }),
    /** A manager gives money back (issue 35): the tally and the day's card refunds move with it. */
    refundOrder: build.mutation<LiveOrder, RefundRequest>({
      query: ({ orderId, ...body }) => ({ url: `/api/orders/${encodeURIComponent(orderId)}/refunds`, method: 'POST', body }),
      transformResponse: fromOrderAnswer,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => putWhenAnswered(dispatch, queryFulfilled),
      invalidatesTags: ['OrderTally', 'Menu', 'OosProducts', 'CardRefunds'],
    }),
    /** An unpaid phone order is called off: the server puts its dishes back on the menu and leaves it out of the tally. */
    cancelUnpaidOrder: build.mutation<LiveOrder, { orderId: string }>({
      query: (body) => ({ url: '/api/ta/cancelUnpaid', method: 'POST', body }),
      transformResponse: fromOrderAnswer,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => putWhenAnswered(dispatch, queryFulfilled),
      invalidatesTags: [...ORDER_CANCELLED_CHANGES],
    }),
    printKitchenOrder: build.mutation<PrintedOrder, { orderId: string; via: PrintVia }>({
      query: ({ orderId, via }) => ({ url: '/takeaway/printOrder', method: 'POST', body: { orderId, status: 'PRINTED', via } }),
      transformResponse: (answer: PrintAnswer) => ({ order: toLiveOrder(answer.order), btPrintUrl: answer.bt_print_url, ticketPath: answer.preview_url }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        putWhenAnswered(
          dispatch,
          queryFulfilled.then(({ data }) => ({ data: data.order })),
        ),
    }),
    notifyCustomer: build.mutation<LiveOrder, { id: string }>({
      query: (body) => ({ url: '/api/ta/notifyCustomer', method: 'POST', body }),
      transformResponse: (answer: NotifyAnswer) => toLiveOrder(answer.order),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => putWhenAnswered(dispatch, queryFulfilled),
    }),
    completeKitchenOrder: build.mutation<LiveOrder, { orderId: string }>({
      query: (body) => ({ url: '/takeaway/orderComplete', method: 'POST', body }),
      transformResponse: fromOrderAnswer,
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => putWhenAnswered(dispatch, queryFulfilled),
    }),
    ticketPrintData: build.query<TicketLine[], string>({
      query: (id) => `/takeaway/${encodeURIComponent(id)}/bt-print`,
      // A reprint is marked DUPLICATE, so a preview is always asked for afresh.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useTodaysOrdersQuery,
  useTodaysOrderTallyQuery,
  useMarkOrderPaidMutation,
  useRefundOrderMutation,
  useCancelUnpaidOrderMutation,
  usePrintKitchenOrderMutation,
  useNotifyCustomerMutation,
  useCompleteKitchenOrderMutation,
  useTicketPrintDataQuery,
} = liveOrdersApi;

/**
 * The order as the server holds it now. A fetch of it still running began before the change this screen just
 * heard of, and asking again while it runs would only share its answer: it is waited out, then asked again.
 */
export async function fetchOrderAfresh(dispatch: AppDispatch, id: string) {
  const running = dispatch(liveOrdersApi.util.getRunningQueryThunk('kitchenOrder', id));
  if (running) await running;
  return dispatch(liveOrdersApi.endpoints.kitchenOrder.initiate(id, { subscribe: false, forceRefetch: true }));
}

/** Puts an order into today's list: replaces the one with its id, or goes on top as the newest. */
export function putOrder(dispatch: AppDispatch, order: LiveOrder): void {
  dispatch(
    liveOrdersApi.util.updateQueryData('todaysOrders', undefined, (orders) => {
      const index = orders.findIndex((candidate) => candidate.id === order.id);
      if (index >= 0 && isOlderThanShown(orders[index], order)) return;
      markHeard(order.id);
      if (index >= 0) orders[index] = order;
      else orders.unshift(order);
    }),
  );
}

/** Changes an order's status in the cache only (staff spec §4: clicking COMPLETE reopens it locally). */
export function setOrderStatusLocally(dispatch: AppDispatch, id: string, status: LiveOrder['status']): void {
  dispatch(
    liveOrdersApi.util.updateQueryData('todaysOrders', undefined, (orders) => {
      const order = orders.find((candidate) => candidate.id === id);
      if (order) order.status = status;
    }),
  );
}

async function putWhenAnswered(dispatch: AppDispatch, answered: Promise<{ data: LiveOrder }>): Promise<void> {
  try {
    putOrder(dispatch, (await answered).data);
  } catch {
    // The caller shows the failure.
  }
}
