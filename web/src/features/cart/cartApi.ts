import { api } from '../../app/api';
import { logToServer } from '../../app/serverLog';
import { caughtMessage, errorDetail, isServerAnswer } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { applyProductStock, menuApi, type ProductStock } from '../menu/menuApi';
import type { CartItem, CartView } from '../../../../src/shared/cart';

export type { CartItem };
/** One type for server and web: src/shared/cart.ts. */
export type Cart = CartView;

interface CartAnswer extends Cart {
  status: true;
}

export interface StockMove {
  id: number;
  variant: number | null;
  /** +1 adds one unit, -1 takes one back, -N removes a line of N. */
  quantity: number;
  returnToStock?: boolean;
}

interface StockMoveAnswer {
  status: true;
  message: string;
  product: ProductStock;
  cart: Cart;
}

interface OrderExtraAnswer {
  status: boolean;
  order_extra: string;
  message: string;
}

function cartOf({ cartId, userId, cartItems, order_extra }: Cart): Cart {
  return { cartId, userId, cartItems, order_extra };
}

const FETCH_FAILED = 'There was an ERROR fetching your cart from session';
const SAVE_FAILED = 'There was an ERROR saving your updated cart';

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, void>({
      query: () => ({ url: '/api/getCartFromSession', method: 'POST' }),
      transformResponse: (answer: CartAnswer) => cartOf(answer),
      providesTags: ['Cart'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          logToServer(dispatch, { level: 'error', message: FETCH_FAILED, error: errorDetail(failure) });
          dispatch(showDialog({ title: 'Error', message: FETCH_FAILED, look: 'error' }));
        }
      },
    }),
    getOrderExtra: build.query<string, void>({
      query: () => ({
        url: '/api/orderExtra',
        // A 200 answer with status false is a refusal too.
        validateStatus: (response, answer: Partial<OrderExtraAnswer> | undefined) => response.ok && answer?.status !== false,
      }),
      transformResponse: (answer: OrderExtraAnswer) => answer.order_extra ?? '',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const refused = isServerAnswer(failure);
          const message = refused ? 'There was a problem fetching order extra info' : 'There was an ERROR fetching order extra info ';
          dispatch(showDialog({ title: 'Error', message, look: 'error' }));
        }
      },
    }),
    /** Errors are left to the caller: the dialog's words depend on what the shopper was doing. */
    moveStock: build.mutation<StockMoveAnswer, StockMove>({
      query: (move) => ({ url: '/api/moveProductStockToBasket', method: 'POST', body: move }),
      invalidatesTags: ['Menu'],
      async onQueryStarted(_move, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.upsertQueryData('getCart', undefined, cartOf(data.cart)));
          dispatch(menuApi.util.updateQueryData('getMenu', undefined, (menu) => applyProductStock(menu, data.product)));
        } catch {
          // The caller shows the refusal.
        }
      },
    }),
    clearCart: build.mutation<Cart, void>({
      query: () => ({ url: '/api/clearCart', method: 'POST' }),
      transformResponse: (answer: CartAnswer) => cartOf(answer),
      invalidatesTags: ['Menu'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
        } catch (failure) {
          dispatch(showDialog({ title: 'Error', message: caughtMessage(failure, SAVE_FAILED), look: 'error' }));
        }
      },
    }),
    /** The basket page opens: a basket saved as an order may change again (issue 13, "two tabs"). */
    reopenCart: build.mutation<Cart, void>({
      query: () => ({ url: '/api/reopenCart', method: 'POST' }),
      transformResponse: (answer: CartAnswer) => cartOf(answer),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
        } catch {
          // A change the basket refuses says why itself.
        }
      },
    }),
    updateCartNote: build.mutation<Cart, { order_extra: string }>({
      query: (note) => ({ url: '/api/updateCartInSession', method: 'POST', body: note }),
      transformResponse: (answer: CartAnswer) => cartOf(answer),
      async onQueryStarted(_note, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(cartApi.util.upsertQueryData('getCart', undefined, data));
          dispatch(cartApi.util.upsertQueryData('getOrderExtra', undefined, data.order_extra));
        } catch {
          dispatch(showDialog({ title: 'Error', message: SAVE_FAILED, look: 'error' }));
        }
      },
    }),
  }),
});

export const {
  useGetCartQuery,
  useGetOrderExtraQuery,
  useMoveStockMutation,
  useClearCartMutation,
  useUpdateCartNoteMutation,
  useReopenCartMutation,
} = cartApi;
