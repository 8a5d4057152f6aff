import type { MenuView } from '../../../../../src/shared/menu';
import { api } from '../../../app/api';
import { allergensUndeclared } from '../../../../../src/shared/allergens';

/**
 * How many dishes customers are offered whose allergens are not declared (GET /api/menu, which every role may
 * read). Asked once, without the menu's live channel: the kitchen screen keeps its connections for orders.
 */
export const undeclaredApi = api.injectEndpoints({
  endpoints: (build) => ({
    undeclaredDishCount: build.query<number, void>({
      query: () => '/api/menu',
      transformResponse: ({ products }: MenuView) => products.filter(allergensUndeclared).length,
      providesTags: ['Menu'],
    }),
  }),
});

export const { useUndeclaredDishCountQuery } = undeclaredApi;
