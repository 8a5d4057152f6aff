import { DomainError } from '../../src/core/errors';
import type { Decider } from '../../src/core/decider';
import type { CategoryEvent, ProductAdded, ProductEvent, ProductStatus, VariantAdded } from './events';

export interface Variant {
  variantId: number;
  name: string;
  incrementalPricePence: number;
  weighting: number;
  status: ProductStatus;
}

export type ProductState =
  | { status: 'none' }
  | { status: 'listed'; product: ProductAdded['data']; productStatus: ProductStatus; variants: Variant[] };

export type ProductCommand =
  | { type: 'AddProduct'; data: ProductAdded['data'] }
  | { type: 'AddVariant'; data: VariantAdded['data'] }
  | { type: 'ChangeProductStatus'; data: { productId: number; status: ProductStatus } }
  | { type: 'ChangeVariantStatus'; data: { productId: number; variantId: number; status: ProductStatus } };

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductAdded':
      return { status: 'listed', product: event.data, productStatus: 'active', variants: [] };
    case 'ProductStatusChanged':
      return state.status === 'listed' ? { ...state, productStatus: event.data.status } : state;
    case 'VariantAdded':
      return state.status === 'listed'
        ? { ...state, variants: [...state.variants, { ...event.data, status: 'active' }] }
        : state;
    case 'VariantStatusChanged':
      return state.status === 'listed'
        ? {
            ...state,
            variants: state.variants.map((variant) =>
              variant.variantId === event.data.variantId ? { ...variant, status: event.data.status } : variant,
            ),
          }
        : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

function listed(state: ProductState): Extract<ProductState, { status: 'listed' }> {
  if (state.status !== 'listed') throw new DomainError('not_found', 'That product does not exist');
  return state;
}

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'AddProduct':
      if (state.status === 'listed') throw new DomainError('conflict', `Product ${command.data.productId} already exists`);
      return [{ type: 'ProductAdded', data: command.data }];
    case 'AddVariant': {
      const product = listed(state);
      if (product.variants.some((variant) => variant.variantId === command.data.variantId)) {
        throw new DomainError('conflict', `Variant ${command.data.variantId} already exists`);
      }
      return [{ type: 'VariantAdded', data: command.data }];
    }
    case 'ChangeProductStatus': {
      const product = listed(state);
      return product.productStatus === command.data.status ? [] : [{ type: 'ProductStatusChanged', data: command.data }];
    }
    case 'ChangeVariantStatus': {
      const product = listed(state);
      const variant = product.variants.find((candidate) => candidate.variantId === command.data.variantId);
      if (!variant) throw new DomainError('not_found', 'That variant does not exist');
      return variant.status === command.data.status ? [] : [{ type: 'VariantStatusChanged', data: command.data }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: { status: 'none' },
  evolve: evolveProduct,
  decide: decideProduct,
};

export type CategoriesState = { categories: Array<{ categoryId: number; name: string; position: number }> };
export type CategoriesCommand = { type: 'AddCategory'; data: { categoryId: number; name: string; position: number } };

export const categoriesDecider: Decider<CategoriesCommand, CategoryEvent, CategoriesState> = {
  initialState: { categories: [] },
  evolve: (state, event) => ({ categories: [...state.categories, event.data] }),
  decide: (command, state) => {
    if (state.categories.some((category) => category.categoryId === command.data.categoryId)) {
      throw new DomainError('conflict', `Category ${command.data.categoryId} already exists`);
    }
    return [{ type: 'CategoryAdded', data: command.data }];
  },
};
