import type { Allergen } from '../../../../../src/shared/allergens';
import type { MenuCategory, MenuProduct } from '../../../../../src/shared/menu';
import { api } from '../../../app/api';

export interface EditableCategory extends MenuCategory {
  hidden: boolean;
}
/** A dish as the editor has it: the menu's product without the stock counts. */
export type EditableDish = Omit<MenuProduct, 'stock' | 'in_basket' | 'available' | 'variants'> & {
  variants: Array<Omit<MenuProduct['variants'][number], 'stock' | 'in_basket' | 'available'>>;
};

export interface Catalogue {
  categories: EditableCategory[];
  products: EditableDish[];
}

/** What the dish form sends (POST /api/catalogue/dishes[/:id]). */
export interface DishBody {
  category_id: number;
  name: string;
  short_desc: string;
  description: string;
  price: number;
  image: string | null;
  virtual: boolean;
  vat_rate: 'standard' | 'zero';
  allergens: Allergen[];
  /** Sent as the editor holds it: only the editor's declaring boxes make it true (issue 27). */
  allergens_declared: boolean;
  vegetarian: boolean;
  vegan: boolean;
  spice: number;
}

export interface VariantBody {
  name: string;
  incremental_price: number;
  weighting?: number;
  allergens: Allergen[];
  allergens_declared: boolean;
}

/** A refused cell of an imported menu file (or a whole row, with no column). */
export interface ImportProblem {
  row: number;
  column: string | null;
  message: string;
}

export interface ImportAnswer {
  status: true;
  message: string;
  changes: number;
  applied: boolean;
}

interface Created {
  status: true;
  id: number;
}

const post = (url: string, body: object = {}) => ({ url, method: 'POST', body });
// Every change is on the customers' menu too, and on the stock sheet (a new dish's opening stock, an archived variant).
const changes = ['Catalogue', 'Menu', 'OosProducts', 'Stock'] as const;

export const catalogueApi = api.enhanceEndpoints({ addTagTypes: ['Stock'] }).injectEndpoints({
  endpoints: (build) => ({
    catalogue: build.query<Catalogue, void>({
      query: () => '/api/catalogue',
      transformResponse: ({ categories, products }: Catalogue) => ({ categories, products }),
      providesTags: ['Catalogue'],
    }),
    addCategory: build.mutation<Created, { name: string }>({ query: (body) => post('/api/catalogue/categories', body), invalidatesTags: [...changes] }),
    renameCategory: build.mutation<void, { id: number; name: string }>({
      query: ({ id, name }) => post(`/api/catalogue/categories/${id}/rename`, { name }),
      invalidatesTags: [...changes],
    }),
    reorderCategories: build.mutation<void, number[]>({ query: (categoryIds) => post('/api/catalogue/categories/order', { categoryIds }), invalidatesTags: [...changes] }),
    setCategoryHidden: build.mutation<void, { id: number; hidden: boolean }>({
      query: ({ id, hidden }) => post(`/api/catalogue/categories/${id}/visibility`, { hidden }),
      invalidatesTags: [...changes],
    }),
    /** A new dish with its opening stock (issue 38 item 3). */
    addDish: build.mutation<Created, DishBody & { opening_stock: number }>({ query: (body) => post('/api/catalogue/dishes', body), invalidatesTags: [...changes] }),
    changeDish: build.mutation<void, { id: number; body: DishBody }>({ query: ({ id, body }) => post(`/api/catalogue/dishes/${id}`, body), invalidatesTags: [...changes] }),
    archiveDish: build.mutation<void, number>({ query: (id) => post(`/api/catalogue/dishes/${id}/archive`), invalidatesTags: [...changes] }),
    addVariant: build.mutation<Created, { dishId: number; body: VariantBody }>({
      query: ({ dishId, body }) => post(`/api/catalogue/dishes/${dishId}/variants`, body),
      invalidatesTags: [...changes],
    }),
    /** As a dish is archived (issue 38 item 3): off the menu and the editor for good. */
    archiveVariant: build.mutation<void, number>({ query: (id) => post(`/api/catalogue/variants/${id}/archive`), invalidatesTags: [...changes] }),
    changeVariant: build.mutation<void, { id: number; body: VariantBody }>({
      query: ({ id, body }) => post(`/api/catalogue/variants/${id}`, body),
      invalidatesTags: [...changes],
    }),
    importMenu: build.mutation<ImportAnswer, { csv: string; dry_run: boolean }>({
      query: (body) => post('/api/catalogue/import', body),
      // A dry run, a refused file or a file matching the menu changes nothing to refetch.
      invalidatesTags: (answer) => (answer?.applied && answer.changes > 0 ? [...changes] : []),
    }),
  }),
});

export const {
  useImportMenuMutation,
  useCatalogueQuery,
  useAddCategoryMutation,
  useRenameCategoryMutation,
  useReorderCategoriesMutation,
  useSetCategoryHiddenMutation,
  useAddDishMutation,
  useChangeDishMutation,
  useArchiveDishMutation,
  useAddVariantMutation,
  useChangeVariantMutation,
  useArchiveVariantMutation,
} = catalogueApi;

/** The upload answer of POST /api/uploadImage (multipart, so not through RTK Query's JSON base query). */
export interface UploadedPhoto {
  filelink: string;
  srcset: string;
}

export async function uploadPhoto(file: File): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/uploadImage', { method: 'POST', body: form, credentials: 'same-origin', headers: { 'X-Requested-With': 'fetch' } });
  const answer = (await response.json().catch(() => ({}))) as { status?: boolean; message?: string } & Partial<UploadedPhoto>;
  if (!response.ok || !answer.status || !answer.filelink) throw new Error(answer.message || 'The photo could not be uploaded; please try again');
  return { filelink: answer.filelink, srcset: answer.srcset ?? '' };
}
