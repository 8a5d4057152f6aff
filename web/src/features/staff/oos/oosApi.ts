import { api } from '../../../app/api';
import { isServerAnswer, isSignedOut } from '../../../app/serverMessage';
import type { AppDispatch } from '../../../app/store';
import { showDialog } from '../../dialog/dialogSlice';
import { toStockItems, type OosProduct, type OosVariant, type StockItem, type StockStatus } from './stockItems';

interface OosAnswer {
  status: boolean;
  /** JSON text of OosProduct[] (the spec's answer carries both lists as strings). */
  products: string;
  /** JSON text of OosVariant[]. */
  variants: string;
}

export interface StockStatusChange {
  kind: StockItem['kind'];
  id: number;
  status: StockStatus;
}

export const oosApi = api.injectEndpoints({
  endpoints: (build) => ({
    oosProducts: build.query<StockItem[], void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const answer = await baseQuery({ url: '/api/oosProducts', method: 'POST', body: {} });
        if (answer.error) {
          if (isSignedOut(answer.error)) return { error: answer.error };
          const message = isServerAnswer(answer.error) ? 'There was PROBLEM fetching oosProducts' : 'ERROR fetching oosProducts';
          dispatch(showDialog({ title: 'Error', message, look: 'error' }));
          return { error: answer.error };
        }
        try {
          const { products, variants } = answer.data as OosAnswer;
          return { data: toStockItems(JSON.parse(products) as OosProduct[], JSON.parse(variants) as OosVariant[]) };
        } catch (error) {
          const message = 'ERROR fetching Products for OOS manager';
          dispatch(showDialog({ title: 'Error', message, look: 'error' }));
          return { error: { status: 'CUSTOM_ERROR', error: message, data: String(error) } };
        }
      },
      providesTags: ['OosProducts'],
    }),
    /** Applied here at once, undone if the server refuses (staff spec §4). */
    setStockStatus: build.mutation<void, StockStatusChange>({
      query: ({ kind, id, status }) => ({
        url: kind === 'product' ? '/api/product/update_product_status' : '/api/productVariant/update_status',
        method: 'POST',
        body: { id, status },
      }),
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        const undo = applyLocally(dispatch, change);
        try {
          await queryFulfilled;
        } catch {
          undo();
        }
      },
      // The customers' menu shows the item as (un)available.
      invalidatesTags: ['Menu'],
    }),
  }),
});

export const { useOosProductsQuery, useSetStockStatusMutation } = oosApi;

function applyLocally(dispatch: AppDispatch, change: StockStatusChange): () => void {
  const patch = dispatch(
    oosApi.util.updateQueryData('oosProducts', undefined, (items) => {
      const item = items.find((candidate) => candidate.kind === change.kind && candidate.id === change.id);
      if (item) item.status = change.status;
    }),
  );
  return () => patch.undo();
}
