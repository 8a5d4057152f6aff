import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Services } from '../../src/services';
import type { Allergen } from '../../src/shared/allergens';
import { createStockHandlers } from '../stock';
import type { CataloguePort, EditableCatalogue } from './catalogue';
import { categoriesDecider, productDecider, type CategoriesCommand, type ProductCommand } from './decider';
import { CATEGORIES_STREAM, productStream, type DishDetails, type ProductStatus } from './events';

/** What a manager sends for a dish; the srcset is found from the photo store, never taken from the client. */
export type DishInput = Omit<DishDetails, 'imageSrcset'>;

export interface VariantInput {
  name: string;
  incrementalPricePence: number;
  weighting?: number;
  allergens: Allergen[];
  /** False (the default) until someone declares this variant's allergens. */
  allergensDeclared: boolean;
}

export interface CatalogueDeps {
  services: Services;
  menu: CataloguePort;
  /** The srcset of an uploaded photo's link, or null when no such photo was uploaded (src/uploads). */
  photos: { srcsetOf(link: string): Promise<string | null> };
}

const ATTEMPTS = 3;

/**
 * The catalogue's commands as the manager's screens call them. Each reads its facts (the names in a category,
 * the next free id, the photo's stored widths) from the manager's catalogue, decides, and waits for the menu
 * read model, so the next read sees it. Changes run one at a time in this process: new ids are the last id
 * plus one, and two adds at once must not take the same one (the shop runs as one process per restaurant).
 */
export function createCatalogue({ services, menu, photos }: CatalogueDeps) {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  };

  const onCategories = async (command: CategoriesCommand, context: CommandContext) => {
    const result = await services.commands.handle(CATEGORIES_STREAM, categoriesDecider, command, context);
    await services.readModels.waitFor('menu', result.position);
  };
  const onProduct = async (productId: number, command: ProductCommand, context: CommandContext) => {
    const result = await services.commands.handle(productStream(productId), productDecider, command, context);
    await services.readModels.waitFor('menu', result.position);
  };

  /** With a fresh id each try: an id another instance took meanwhile is refused as existing, and the next one tried. */
  async function withNewId(first: number, add: (id: number) => Promise<void>): Promise<number> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await add(first + attempt);
        return first + attempt;
      } catch (error) {
        const taken = error instanceof DomainError && error.kind === 'conflict' && /already exists/.test(error.message);
        if (!taken || attempt + 1 >= ATTEMPTS) throw error;
      }
    }
  }

  function category(catalogue: EditableCatalogue, categoryId: number) {
    const found = catalogue.categories.find((candidate) => candidate.id === categoryId);
    if (!found) throw new DomainError('not_found', `There is no category ${categoryId}`);
    return found;
  }

  function dish(catalogue: EditableCatalogue, productId: number) {
    const found = catalogue.products.find((candidate) => candidate.id === productId);
    if (!found) throw new DomainError('not_found', `There is no dish ${productId}`);
    return found;
  }

  async function srcsetFor(image: string | null): Promise<string | null> {
    if (image === null || !image.startsWith('/uploads/')) return null;
    const srcset = await photos.srcsetOf(image);
    if (srcset === null) throw new DomainError('invalid', 'image: that photo was not uploaded here; upload it again');
    return srcset;
  }

  const namesIn = (catalogue: EditableCatalogue, categoryId: number, except: number | null) =>
    catalogue.products.filter((product) => product.category_id === categoryId && product.id !== except).map((product) => product.name);
  const nextPosition = (positions: number[]) => Math.max(0, ...positions) + 1;

  return {
    addCategory: (name: string, context: CommandContext) =>
      inTurn(async () => {
        const catalogue = await menu.forEditing();
        const position = nextPosition(catalogue.categories.map((entry) => entry.position));
        return withNewId(catalogue.lastCategoryId + 1, (categoryId) => onCategories({ type: 'AddCategory', data: { categoryId, name, position } }, context));
      }),

    renameCategory: (categoryId: number, name: string, context: CommandContext) =>
      inTurn(() => onCategories({ type: 'RenameCategory', data: { categoryId, name } }, context)),

    reorderCategories: (categoryIds: number[], context: CommandContext) =>
      inTurn(() => onCategories({ type: 'ReorderCategories', data: { categoryIds } }, context)),

    setCategoryHidden: (categoryId: number, hidden: boolean, context: CommandContext) =>
      inTurn(() => onCategories({ type: 'SetCategoryHidden', data: { categoryId, hidden } }, context)),

    addDish: (input: DishInput, context: CommandContext) =>
      inTurn(async () => {
        const catalogue = await menu.forEditing();
        category(catalogue, input.categoryId);
        const imageSrcset = await srcsetFor(input.image);
        const position = nextPosition(catalogue.products.filter((product) => product.category_id === input.categoryId).map((product) => product.position));
        const namesInCategory = namesIn(catalogue, input.categoryId, null);
        return withNewId(catalogue.lastProductId + 1, (productId) =>
          onProduct(productId, { type: 'AddProduct', data: { productId, ...input, imageSrcset, position }, namesInCategory }, context),
        );
      }),

    changeDish: (productId: number, input: DishInput, context: CommandContext) =>
      inTurn(async () => {
        const catalogue = await menu.forEditing();
        const current = dish(catalogue, productId);
        category(catalogue, input.categoryId);
        const imageSrcset = input.image === current.image ? current.image_srcset : await srcsetFor(input.image);
        const position =
          input.categoryId === current.category_id
            ? current.position
            : nextPosition(catalogue.products.filter((product) => product.category_id === input.categoryId).map((product) => product.position));
        const namesInCategory = namesIn(catalogue, input.categoryId, productId);
        await onProduct(productId, { type: 'ChangeProduct', data: { productId, ...input, imageSrcset, position }, namesInCategory }, context);
      }),

    /** A dish's long description alone (the in-place editor, issue 39); answers it as stored, cleaned. */
    describeDish: (productId: number, description: string, context: CommandContext) =>
      inTurn(async () => {
        dish(await menu.forEditing(), productId);
        const result = await services.commands.handle(productStream(productId), productDecider, { type: 'DescribeProduct', data: { productId, description } }, context);
        await services.readModels.waitFor('menu', result.position);
        return result.state.status === 'none' ? '' : result.state.product.description;
      }),

    /** A dish's long description as it stands, or undefined for no such dish. */
    descriptionOf: async (productId: number): Promise<string | undefined> =>
      (await menu.forEditing()).products.find((candidate) => candidate.id === productId)?.description,

    archiveDish: (productId: number, context: CommandContext) =>
      inTurn(async () => {
        dish(await menu.forEditing(), productId);
        await onProduct(productId, { type: 'ArchiveProduct', data: { productId } }, context);
      }),

    addVariant: (productId: number, input: VariantInput, context: CommandContext) =>
      inTurn(async () => {
        const catalogue = await menu.forEditing();
        const product = dish(catalogue, productId);
        const weighting = input.weighting ?? nextPosition(product.variants.map((variant) => variant.weighting));
        return withNewId(catalogue.lastVariantId + 1, (variantId) =>
          onProduct(productId, { type: 'AddVariant', data: { productId, variantId, name: input.name, incrementalPricePence: input.incrementalPricePence, weighting, allergens: input.allergens, allergensDeclared: input.allergensDeclared } }, context),
        );
      }),

    changeVariant: (variantId: number, input: VariantInput, context: CommandContext) =>
      inTurn(async () => {
        const catalogue = await menu.forEditing();
        const product = catalogue.products.find((candidate) => candidate.variants.some((variant) => variant.id === variantId));
        if (!product) throw new DomainError('not_found', `There is no variant ${variantId}`);
        const current = product.variants.find((variant) => variant.id === variantId)!;
        const data = { productId: product.id, variantId, name: input.name, incrementalPricePence: input.incrementalPricePence, weighting: input.weighting ?? current.weighting, allergens: input.allergens, allergensDeclared: input.allergensDeclared };
        await onProduct(product.id, { type: 'ChangeVariant', data }, context);
      }),

    archiveVariant: (variantId: number, context: CommandContext) =>
      inTurn(async () => {
        const product = (await menu.forEditing()).products.find((candidate) => candidate.variants.some((variant) => variant.id === variantId));
        if (!product) throw new DomainError('not_found', `There is no variant ${variantId}`);
        await onProduct(product.id, { type: 'ArchiveVariant', data: { productId: product.id, variantId } }, context);
      }),

    /** A new dish's first units on the shelf (issue 38 item 3): without them it would be sold out at once. */
    setOpeningStock: async (productId: number, units: number, context: CommandContext) => {
      const result = await createStockHandlers(services.commands).setLevel(productId, null, units, context);
      await services.readModels.waitFor('menu', result.position);
    },

    setDishStatus: (productId: number, status: ProductStatus, context: CommandContext) =>
      inTurn(() => onProduct(productId, { type: 'ChangeProductStatus', data: { productId, status } }, context)),

    setVariantStatus: (productId: number, variantId: number, status: ProductStatus, context: CommandContext) =>
      inTurn(() => onProduct(productId, { type: 'ChangeVariantStatus', data: { productId, variantId, status } }, context)),

    forEditing: () => menu.forEditing(),
  };
}

export type CatalogueCommands = ReturnType<typeof createCatalogue>;
