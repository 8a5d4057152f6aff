import { DomainError } from '../../src/core/errors';
import type { Decider } from '../../src/core/decider';
import type { CategoryEvent, DishData, ProductAdded, ProductEvent, ProductStatus, VariantAdded } from './events';
import { assertDietary, assertNamed, assertPrice, assertUniqueName, assertVariantPrices, dishDescription } from './rules';
import type { Allergen } from '../../src/shared/allergens';

export interface Variant {
  variantId: number;
  name: string;
  incrementalPricePence: number;
  weighting: number;
  allergens: Allergen[];
  allergensDeclared: boolean;
  status: ProductStatus;
}

type Listed = { product: ProductAdded['data']; productStatus: ProductStatus; variants: Variant[] };
export type ProductState = { status: 'none' } | ({ status: 'listed' } & Listed) | ({ status: 'archived' } & Listed);

/**
 * `namesInCategory`: the names of the other dishes (not archived) in the category the dish is to be in, read
 * from the menu by the handler: the duplicate-name rule's fact.
 */
export type ProductCommand =
  | { type: 'AddProduct'; data: DishData; namesInCategory: readonly string[] }
  | { type: 'ChangeProduct'; data: DishData; namesInCategory: readonly string[] }
  /** The long description alone (the in-place editor, issue 39): any HTML, cleaned here. */
  | { type: 'DescribeProduct'; data: { productId: number; description: string } }
  | { type: 'ArchiveProduct'; data: { productId: number } }
  | { type: 'AddVariant'; data: VariantAdded['data'] }
  | { type: 'ChangeVariant'; data: VariantAdded['data'] }
  | { type: 'ChangeProductStatus'; data: { productId: number; status: ProductStatus } }
  | { type: 'ChangeVariantStatus'; data: { productId: number; variantId: number; status: ProductStatus } }
  | { type: 'ArchiveVariant'; data: { productId: number; variantId: number } };

function withVariant(state: ProductState, variantId: number, change: (variant: Variant) => Variant): ProductState {
  return state.status === 'none'
    ? state
    : { ...state, variants: state.variants.map((variant) => (variant.variantId === variantId ? change(variant) : variant)) };
}

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductAdded':
      return { status: 'listed', product: event.data, productStatus: 'active', variants: [] };
    case 'ProductChanged':
      return state.status === 'listed' ? { ...state, product: event.data } : state;
    case 'ProductArchived':
      return state.status === 'listed' ? { ...state, status: 'archived' } : state;
    case 'ProductStatusChanged':
      return state.status === 'listed' ? { ...state, productStatus: event.data.status } : state;
    case 'VariantAdded':
      return state.status === 'listed'
        ? { ...state, variants: [...state.variants, { ...event.data, status: 'active' }] }
        : state;
    case 'VariantChanged': {
      const { name, incrementalPricePence, weighting, allergens, allergensDeclared } = event.data;
      return withVariant(state, event.data.variantId, (variant) => ({ ...variant, name, incrementalPricePence, weighting, allergens, allergensDeclared }));
    }
    case 'VariantStatusChanged':
      return withVariant(state, event.data.variantId, (variant) => ({ ...variant, status: event.data.status }));
    case 'VariantArchived':
      // Gone from the dish: its name may be used again, and the dish's price rules no longer count it.
      return state.status === 'none' ? state : { ...state, variants: state.variants.filter((variant) => variant.variantId !== event.data.variantId) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

function listed(state: ProductState): Extract<ProductState, { status: 'listed' }> {
  if (state.status === 'archived') throw new DomainError('conflict', `${state.product.name} is archived`);
  if (state.status !== 'listed') throw new DomainError('not_found', 'That product does not exist');
  return state;
}

function variantOf(product: Listed, variantId: number): Variant {
  const variant = product.variants.find((candidate) => candidate.variantId === variantId);
  if (!variant) throw new DomainError('not_found', 'That variant does not exist');
  return variant;
}

/** The dish's data as stored: its description cleaned and marked as rich text. */
const stored = (data: DishData): ProductAdded['data'] => ({ ...data, description: dishDescription(data.description), descriptionFormat: 'html' });

function assertDish(data: DishData, namesInCategory: readonly string[]): void {
  assertNamed(data.name, 'A dish');
  assertPrice(data.pricePence);
  assertUniqueName(data.name, namesInCategory, 'a dish in this category');
  assertDietary(data);
}

function assertVariant(product: Listed, data: VariantAdded['data']): void {
  assertNamed(data.name, 'A variant');
  if (!Number.isInteger(data.incrementalPricePence)) throw new DomainError('invalid', 'A price adjustment must be a whole number of pence');
  const others = product.variants.filter((variant) => variant.variantId !== data.variantId);
  assertUniqueName(data.name, others.map((variant) => variant.name), 'a variant of this dish');
  assertVariantPrices(product.product.pricePence, [data]);
}

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'AddProduct':
      if (state.status !== 'none') throw new DomainError('conflict', `Product ${command.data.productId} already exists`);
      assertDish(command.data, command.namesInCategory);
      return [{ type: 'ProductAdded', data: stored(command.data) }];
    case 'ChangeProduct': {
      const product = listed(state);
      assertDish(command.data, command.namesInCategory);
      assertVariantPrices(command.data.pricePence, product.variants);
      const data = stored(command.data);
      return sameDetails(product.product, data) ? [] : [{ type: 'ProductChanged', data }];
    }
    case 'DescribeProduct': {
      const product = listed(state);
      const description = dishDescription(command.data.description);
      return description === product.product.description ? [] : [{ type: 'ProductChanged', data: { ...product.product, description } }];
    }
    case 'ArchiveProduct':
      if (state.status === 'archived') return [];
      listed(state);
      return [{ type: 'ProductArchived', data: command.data }];
    case 'AddVariant': {
      const product = listed(state);
      if (product.variants.some((variant) => variant.variantId === command.data.variantId)) {
        throw new DomainError('conflict', `Variant ${command.data.variantId} already exists`);
      }
      assertVariant(product, command.data);
      return [{ type: 'VariantAdded', data: command.data }];
    }
    case 'ChangeVariant': {
      const product = listed(state);
      const variant = variantOf(product, command.data.variantId);
      assertVariant(product, command.data);
      const { name, incrementalPricePence, weighting, allergens, allergensDeclared } = command.data;
      const same =
        variant.name === name && variant.incrementalPricePence === incrementalPricePence && variant.weighting === weighting && variant.allergensDeclared === allergensDeclared;
      return same && sameList(variant.allergens, allergens)
        ? []
        : [{ type: 'VariantChanged', data: command.data }];
    }
    case 'ChangeProductStatus': {
      const product = listed(state);
      return product.productStatus === command.data.status ? [] : [{ type: 'ProductStatusChanged', data: command.data }];
    }
    case 'ChangeVariantStatus': {
      const variant = variantOf(listed(state), command.data.variantId);
      return variant.status === command.data.status ? [] : [{ type: 'VariantStatusChanged', data: command.data }];
    }
    case 'ArchiveVariant':
      variantOf(listed(state), command.data.variantId);
      return [{ type: 'VariantArchived', data: command.data }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

function sameDetails(current: ProductAdded['data'], next: ProductAdded['data']): boolean {
  return (Object.keys(next) as Array<keyof ProductAdded['data']>).every((key) =>
    key === 'allergens' ? sameList(current.allergens, next.allergens) : current[key] === next[key],
  );
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: { status: 'none' },
  evolve: evolveProduct,
  decide: decideProduct,
};

export interface CategoryEntry {
  categoryId: number;
  name: string;
  position: number;
  hidden: boolean;
}
export type CategoriesState = { categories: CategoryEntry[] };
export type CategoriesCommand =
  | { type: 'AddCategory'; data: { categoryId: number; name: string; position: number } }
  | { type: 'RenameCategory'; data: { categoryId: number; name: string } }
  | { type: 'ReorderCategories'; data: { categoryIds: number[] } }
  | { type: 'SetCategoryHidden'; data: { categoryId: number; hidden: boolean } };

function evolveCategories(state: CategoriesState, event: CategoryEvent): CategoriesState {
  const change = (categoryId: number, update: (entry: CategoryEntry) => CategoryEntry) => ({
    categories: state.categories.map((entry) => (entry.categoryId === categoryId ? update(entry) : entry)),
  });
  switch (event.type) {
    case 'CategoryAdded':
      return { categories: [...state.categories, { ...event.data, hidden: false }] };
    case 'CategoryRenamed':
      return change(event.data.categoryId, (entry) => ({ ...entry, name: event.data.name }));
    case 'CategoriesReordered':
      return {
        categories: state.categories.map((entry) => ({ ...entry, position: event.data.categoryIds.indexOf(entry.categoryId) + 1 || entry.position })),
      };
    case 'CategoryVisibilityChanged':
      return change(event.data.categoryId, (entry) => ({ ...entry, hidden: event.data.hidden }));
    default: {
      const never: never = event;
      return never;
    }
  }
}

function categoryOf(state: CategoriesState, categoryId: number): CategoryEntry {
  const entry = state.categories.find((candidate) => candidate.categoryId === categoryId);
  if (!entry) throw new DomainError('not_found', 'That category does not exist');
  return entry;
}

const otherNames = (state: CategoriesState, categoryId: number) =>
  state.categories.filter((entry) => entry.categoryId !== categoryId).map((entry) => entry.name);

export function decideCategories(command: CategoriesCommand, state: CategoriesState): CategoryEvent[] {
  switch (command.type) {
    case 'AddCategory':
      if (state.categories.some((category) => category.categoryId === command.data.categoryId)) {
        throw new DomainError('conflict', `Category ${command.data.categoryId} already exists`);
      }
      assertNamed(command.data.name, 'A category');
      assertUniqueName(command.data.name, otherNames(state, command.data.categoryId), 'a category');
      return [{ type: 'CategoryAdded', data: command.data }];
    case 'RenameCategory': {
      const entry = categoryOf(state, command.data.categoryId);
      assertNamed(command.data.name, 'A category');
      assertUniqueName(command.data.name, otherNames(state, command.data.categoryId), 'a category');
      return entry.name === command.data.name ? [] : [{ type: 'CategoryRenamed', data: command.data }];
    }
    case 'ReorderCategories': {
      const wanted = [...command.data.categoryIds].sort((a, b) => a - b);
      const known = state.categories.map((entry) => entry.categoryId).sort((a, b) => a - b);
      if (JSON.stringify(wanted) !== JSON.stringify(known)) {
        throw new DomainError('invalid', 'The new order must name every category once');
      }
      const current = [...state.categories].sort((a, b) => a.position - b.position).map((entry) => entry.categoryId);
      return JSON.stringify(current) === JSON.stringify(command.data.categoryIds) ? [] : [{ type: 'CategoriesReordered', data: command.data }];
    }
    case 'SetCategoryHidden': {
      const entry = categoryOf(state, command.data.categoryId);
      return entry.hidden === command.data.hidden ? [] : [{ type: 'CategoryVisibilityChanged', data: command.data }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const categoriesDecider: Decider<CategoriesCommand, CategoryEvent, CategoriesState> = {
  initialState: { categories: [] },
  evolve: evolveCategories,
  decide: decideCategories,
};
