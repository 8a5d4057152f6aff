import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { categoriesDecider, productDecider, type CategoriesState, type ProductState } from './decider';
import type { DishInput, VariantInput } from './handlers';
import { parKey, type CategoryRow, type DishRow, type MenuCsvColumn, type MenuCsvProblem, type MenuCsvRow, type ParLevels, type VariantRow } from './menu-csv';
import { CatalogueRefusal, sameName } from './rules';

/**
 * One change an import makes, in order. Ids of rows added by the file are the plan's guesses (last id plus one,
 * as the handlers take them); applying maps them to the ids the handlers really took.
 */
export type MenuChange =
  | { kind: 'addCategory'; ref: number; name: string }
  | { kind: 'renameCategory'; id: number; name: string }
  | { kind: 'hideCategory'; ref: number; hidden: boolean }
  | { kind: 'addDish'; ref: number; input: DishInput }
  | { kind: 'changeDish'; id: number; input: DishInput }
  | { kind: 'dishStatus'; ref: number; status: 'active' | 'out-of-stock' }
  | { kind: 'addVariant'; ref: number; productRef: number; input: VariantInput }
  | { kind: 'changeVariant'; id: number; input: VariantInput }
  | { kind: 'variantStatus'; productRef: number; ref: number; status: 'active' | 'out-of-stock' }
  | { kind: 'parLevel'; productRef: number; variantRef: number | null; parLevel: number | null };

/** What the commands would meet: the deciders' states as `CommandHandler.load` gives them, and the handlers' facts. */
export interface PlanFacts {
  categories: CategoriesState;
  /** Every dish not archived, by id. */
  products: ReadonlyMap<number, ProductState>;
  lastIds: { category: number; product: number; variant: number };
  parLevels: ParLevels;
  /** The srcset of an uploaded photo's link, or null when it was not uploaded here. */
  srcsetOf(link: string): Promise<string | null>;
  /** Why stock cannot be kept for this dish or variant (the stock module's rule), or null. */
  parProblem(product: { name: string; variants: ReadonlyArray<{ id: number }> }, variantId: number | null): string | null;
}

const nextPosition = (positions: number[]) => Math.max(0, ...positions) + 1;

/**
 * The dry run of a menu import (issue 16 item 5): every change the rows make, decided in memory by the
 * catalogue's own deciders on the states the commands would meet, in the order categories, dishes, variants,
 * par levels, so a row may name a category or dish another row adds. Each refusal is the decider's own, named
 * by its row and column (a `CatalogueRefusal`'s field gives the column), and added to `problems`.
 */
export async function planMenuImport(rows: Array<{ row: number; parsed: MenuCsvRow }>, facts: PlanFacts, problems: MenuCsvProblem[]): Promise<MenuChange[]> {
  let categories = facts.categories;
  const products = new Map(facts.products);
  const levels = facts.parLevels;
  const ids = { ...facts.lastIds };
  const changes: MenuChange[] = [];
  const claimed = new Map<string, number>();

  const refuse = (row: number, column: MenuCsvColumn | null, message: string) => {
    problems.push({ row, column, message });
    return null;
  };
  /** A row may name each category, dish and variant once: two rows for one thing would race each other. */
  const claim = (row: number, key: string, what: string) => {
    const earlier = claimed.get(key);
    if (earlier !== undefined) return refuse(row, 'name', `row ${earlier} is this ${what} already`) !== null;
    claimed.set(key, row);
    return true;
  };
  const decide = <Command, Event, State>(decider: Decider<Command, Event, State>, command: Command, state: State, row: number, columnOf: (field: CatalogueRefusal['field']) => MenuCsvColumn) => {
    try {
      const events = decider.decide(command, state);
      return { state: events.reduce(decider.evolve, state), changed: events.length > 0 };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return refuse(row, error instanceof CatalogueRefusal ? columnOf(error.field) : null, error.message);
    }
  };
  const listed = () =>
    [...products.entries()].flatMap(([id, state]) => (state.status === 'listed' ? [{ id, state }] : []));
  const categoryNamed = (name: string) => categories.categories.find((entry) => sameName(entry.name, name));
  const dishNamed = (categoryId: number, name: string) =>
    listed().find(({ state }) => state.product.categoryId === categoryId && sameName(state.product.name, name));

  const byKind = <K extends MenuCsvRow['kind']>(kind: K) =>
    rows.filter((entry): entry is { row: number; parsed: Extract<MenuCsvRow, { kind: K }> } => entry.parsed.kind === kind);

  const parRows: Array<{ row: number; productId: number; variantId: number | null; parLevel: number | null }> = [];
  for (const { row, parsed } of byKind('category')) planCategory(row, parsed);
  for (const { row, parsed } of byKind('dish')) await planDish(row, parsed);
  for (const { row, parsed } of byKind('variant')) planVariant(row, parsed);
  planParLevels();
  return changes;

  function planCategory(row: number, input: CategoryRow) {
    const found = input.id !== null ? categories.categories.find((entry) => entry.categoryId === input.id) : categoryNamed(input.name);
    if (input.id !== null && !found) return refuse(row, 'id', `there is no category ${input.id} here; leave id empty to add it`);
    const id = found?.categoryId ?? ++ids.category;
    if (!claim(row, `category ${id}`, 'category')) return;
    const named = found
      ? decide(categoriesDecider, { type: 'RenameCategory', data: { categoryId: id, name: input.name } }, categories, row, () => 'name')
      : decide(
          categoriesDecider,
          { type: 'AddCategory', data: { categoryId: id, name: input.name, position: nextPosition(categories.categories.map((entry) => entry.position)) } },
          categories,
          row,
          () => 'name',
        );
    if (!named) return;
    categories = named.state;
    if (named.changed) changes.push(found ? { kind: 'renameCategory', id, name: input.name } : { kind: 'addCategory', ref: id, name: input.name });
    const shown = decide(categoriesDecider, { type: 'SetCategoryHidden', data: { categoryId: id, hidden: input.hidden } }, categories, row, () => 'hidden');
    if (!shown) return;
    categories = shown.state;
    if (shown.changed) changes.push({ kind: 'hideCategory', ref: id, hidden: input.hidden });
  }

  async function planDish(row: number, input: DishRow) {
    const category = categoryNamed(input.category);
    if (!category) return refuse(row, 'category', `there is no category named ${input.category}; add a category row for it`);
    const existing = input.id !== null ? listed().find(({ id }) => id === input.id) : dishNamed(category.categoryId, input.name);
    if (input.id !== null && !existing) return refuse(row, 'id', `there is no dish ${input.id} here; leave id empty to add it`);
    const id = existing?.id ?? ++ids.product;
    if (!claim(row, `dish ${id}`, 'dish')) return;
    const current = existing?.state.product;
    const dish: DishInput = {
      categoryId: category.categoryId,
      name: input.name,
      shortDescription: input.shortDescription,
      description: input.description,
      pricePence: input.pricePence,
      image: input.image,
      virtual: input.virtual,
      vatRate: input.vatRate,
      allergens: input.allergens,
      allergensDeclared: input.allergensDeclared,
      vegetarian: input.vegetarian,
      vegan: input.vegan,
      spice: input.spice,
    };
    // The facts the handlers read (handlers.ts): the photo's widths, the place in the category, the other names.
    const imageSrcset = current && current.image === input.image ? current.imageSrcset : input.image?.startsWith('/uploads/') ? await facts.srcsetOf(input.image) : null;
    if (input.image?.startsWith('/uploads/') && imageSrcset === null) return refuse(row, 'image', 'that photo was not uploaded here; upload it again');
    const inCategory = listed().filter(({ id: other, state }) => state.product.categoryId === category.categoryId && other !== id);
    const position = current && current.categoryId === category.categoryId ? current.position : nextPosition(inCategory.map(({ state }) => state.product.position));
    const namesInCategory = inCategory.map(({ state }) => state.product.name);
    const data = { productId: id, ...dish, imageSrcset, position };
    const columnOf = (field: CatalogueRefusal['field']): MenuCsvColumn => (field === 'price' ? 'price_pence' : field === 'description' ? 'description' : field === 'dietary' ? (input.vegan ? 'vegan' : 'vegetarian') : 'name');
    const decided = existing
      ? decide(productDecider, { type: 'ChangeProduct', data, namesInCategory }, existing.state, row, columnOf)
      : decide(productDecider, { type: 'AddProduct', data, namesInCategory }, { status: 'none' } as ProductState, row, columnOf);
    if (!decided) return;
    if (decided.changed) changes.push(existing ? { kind: 'changeDish', id, input: dish } : { kind: 'addDish', ref: id, input: dish });
    const status = decide(productDecider, { type: 'ChangeProductStatus', data: { productId: id, status: input.status } }, decided.state, row, () => 'status');
    if (!status) return;
    products.set(id, status.state);
    if (status.changed) changes.push({ kind: 'dishStatus', ref: id, status: input.status });
    parRows.push({ row, productId: id, variantId: null, parLevel: input.parLevel });
  }

  function planVariant(row: number, input: VariantRow) {
    const category = categoryNamed(input.category);
    if (!category) return refuse(row, 'category', `there is no category named ${input.category}; add a category row for it`);
    const dish = dishNamed(category.categoryId, input.dish);
    if (!dish) return refuse(row, 'dish', `there is no dish named ${input.dish} in ${category.name}; add a dish row for it`);
    const state = dish.state as Extract<ProductState, { status: 'listed' }>;
    const existing = input.id !== null ? state.variants.find((variant) => variant.variantId === input.id) : state.variants.find((variant) => sameName(variant.name, input.name));
    if (input.id !== null && !existing) return refuse(row, 'id', `${state.product.name} has no variant ${input.id}; leave id empty to add it`);
    const variantId = existing?.variantId ?? ++ids.variant;
    if (!claim(row, `variant ${variantId}`, 'variant')) return;
    const variant: VariantInput = {
      name: input.name,
      incrementalPricePence: input.incrementalPricePence,
      allergens: input.allergens,
      allergensDeclared: input.allergensDeclared,
    };
    const weighting = existing?.weighting ?? nextPosition(state.variants.map((other) => other.weighting));
    const data = { productId: dish.id, variantId, ...variant, weighting };
    const decided = decide(productDecider, existing ? { type: 'ChangeVariant', data } : { type: 'AddVariant', data }, state, row, (field) => (field === 'price' ? 'price_pence' : 'name'));
    if (!decided) return;
    if (decided.changed) changes.push(existing ? { kind: 'changeVariant', id: variantId, input: variant } : { kind: 'addVariant', ref: variantId, productRef: dish.id, input: variant });
    const status = decide(productDecider, { type: 'ChangeVariantStatus', data: { productId: dish.id, variantId, status: input.status } }, decided.state, row, () => 'status');
    if (!status) return;
    products.set(dish.id, status.state);
    if (status.changed) changes.push({ kind: 'variantStatus', productRef: dish.id, ref: variantId, status: input.status });
    parRows.push({ row, productId: dish.id, variantId, parLevel: input.parLevel });
  }

  function planParLevels() {
    for (const { row, productId, variantId, parLevel } of parRows) {
      const state = products.get(productId);
      if (state?.status !== 'listed') continue;
      const now = levels.get(parKey(productId, variantId)) ?? null;
      if (now === parLevel) continue;
      const problem = parLevel === null ? null : facts.parProblem({ name: state.product.name, variants: state.variants.map((variant) => ({ id: variant.variantId })) }, variantId);
      if (problem) refuse(row, 'par_level', problem);
      else changes.push({ kind: 'parLevel', productRef: productId, variantRef: variantId, parLevel });
    }
  }
}
