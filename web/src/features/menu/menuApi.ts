import type { MenuCategory, MenuProduct, MenuVariant, MenuView, StockCounts, StockStatus } from '../../../../src/shared/menu';
import { api } from '../../app/api';
import { caughtMessage } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { openLiveChannel } from '../store-status/liveChannel';

/** One type for server and web: src/shared/menu.ts. */
export type { StockCounts, StockStatus };
export type Category = MenuCategory;
export type Variant = MenuVariant;
export type Product = MenuProduct;
export type Menu = MenuView;

interface MenuAnswer extends Menu {
  status: true;
}

/** What is available now: one count, or one per variant. */
export type AvailableStock = { available: number } | { vars: { name: string; available: number }[] };

type AvailableStockAnswer = AvailableStock & { status: true };

/** The product's (or variant's) counts as answered by a stock move. */
export interface ProductStock extends StockCounts {
  id: number;
  variant: number | null;
}

export const menuApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMenu: build.query<Menu, void>({
      query: () => '/api/menu',
      transformResponse: ({ categories, products }: MenuAnswer) => ({ categories, products }),
      providesTags: ['Menu'],
      /**
       * While a menu is on screen it follows the public menu channel (issue 16): a dish the kitchen changed,
       * sold out, brought back or running low is fetched again (the menu answer is cached and compressed on
       * the server, so a refetch is cheap), and so is the whole menu on connecting: after a reconnection, and
       * on the first connection too, since a change made between the first menu answer and the connection is
       * in neither.
       */
      async onCacheEntryAdded(_arg, { cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const refetch = () => dispatch(api.util.invalidateTags(['Menu']));
        const close = openLiveChannel('menu', {
          onConnectionChange: () => undefined,
          onOpen: refetch,
          events: { MenuChange: refetch },
        });
        await cacheEntryRemoved;
        close();
      },
    }),
    /** The name only words the failure dialog; the server is asked by id. */
    getAvailableStock: build.query<AvailableStock, { productId: number; productName: string }>({
      query: ({ productId }) => ({ url: '/api/product/getAvailableStock', method: 'POST', body: { productId } }),
      transformResponse: (answer: AvailableStockAnswer) => ('vars' in answer ? { vars: answer.vars } : { available: answer.available }),
      providesTags: ['Menu'],
      async onQueryStarted({ productName }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          const message = caughtMessage(failure, `failed to fetch available qty for ${productName}`);
          dispatch(showDialog({ title: 'Error', message, look: 'error' }));
        }
      },
    }),
  }),
});

export const { useGetMenuQuery, useGetAvailableStockQuery } = menuApi;

/** Puts the counts a stock move answered into the cached menu at once, before the refetch confirms them. */
export function applyProductStock(menu: Menu, moved: ProductStock): void {
  const product = menu.products.find((candidate) => candidate.id === moved.id);
  if (!product) return;
  const counts = { stock: moved.stock, in_basket: moved.in_basket, available: moved.available };
  if (moved.variant === null) {
    Object.assign(product, counts);
    return;
  }
  const variant = product.variants.find((candidate) => candidate.id === moved.variant);
  if (!variant) return;
  Object.assign(variant, counts);
  product.stock = sum(product.variants, 'stock');
  product.in_basket = sum(product.variants, 'in_basket');
  product.available = sum(product.variants, 'available');
}

function sum(variants: Variant[], field: keyof StockCounts): number {
  return variants.reduce((total, variant) => total + variant[field], 0);
}

/** The rules of what can be added live in src/shared/menu.ts (issue 39: a content page's add-several button needs them outside React). */
export { canBeAdded, hasVariants } from '../../../../src/shared/menu';
