import { api } from '../../../app/api';

/** A dish (or one of its variants) as the stock sheet lists it (GET /api/stock). */
export interface StockSheetItem {
  productId: number;
  variantId: number | null;
  name: string;
  units: number;
  parLevel: number | null;
}

type Target = Pick<StockSheetItem, 'productId' | 'variantId'>;
// A stock change shows on the customers' menu and in the out-of-stock manager's low-stock list.
const changes = ['Stock', 'Menu', 'OosProducts'] as const;

export const stockApi = api.enhanceEndpoints({ addTagTypes: ['Stock'] }).injectEndpoints({
  endpoints: (build) => ({
    stockSheet: build.query<StockSheetItem[], void>({
      query: () => '/api/stock',
      transformResponse: ({ items }: { items: StockSheetItem[] }) => items,
      providesTags: ['Stock'],
    }),
    setStockLevel: build.mutation<void, Target & { units: number }>({ query: (body) => ({ url: '/api/stock/level', method: 'POST', body }), invalidatesTags: [...changes] }),
    restock: build.mutation<void, Target & { units: number }>({ query: (body) => ({ url: '/api/stock/restock', method: 'POST', body }), invalidatesTags: [...changes] }),
    setParLevel: build.mutation<void, Target & { parLevel: number | null }>({ query: (body) => ({ url: '/api/stock/par', method: 'POST', body }), invalidatesTags: [...changes] }),
  }),
});

export const { useStockSheetQuery, useSetStockLevelMutation, useRestockMutation, useSetParLevelMutation } = stockApi;
