import type { CommandContext, Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { readCsv, writeCsv, CsvError } from '../../src/csv';
import type { Position } from '../../src/eventstore/types';
import type { Services } from '../../src/services';
import type { CataloguePort } from './catalogue';
import { categoriesDecider, productDecider, type ProductState } from './decider';
import { CATEGORIES_STREAM, productStream } from './events';
import type { CatalogueCommands, DishInput, VariantInput } from './handlers';
import { MENU_CSV_COLUMNS, menuCsvRecords, parKey, readMenuRow, shelfKey, type CategoryRow, type DishRow, type MenuCsvColumn, type MenuCsvProblem, type MenuCsvRow, type ParLevels, type VariantRow } from './menu-csv';
import { CatalogueRefusal, sameName } from './rules';

/** The stock module's par levels, handed in by the composition root (the catalogue does not own stock). */
export interface ParLevelPort {
  /** Every shelf row (`variantKey` as the stock module writes it), with its par level or null. */
  read(): Promise<Array<{ productId: number; variantKey: string; parLevel: number | null }>>;
  set(productId: number, variantId: number | null, parLevel: number | null, context: CommandContext): Promise<{ position?: Position }>;
  /** Why stock cannot be kept for this dish or variant (a dish with variants keeps it per variant), or null. */
  problem(product: { name: string; variants: ReadonlyArray<{ id: number }> }, variantId: number | null): string | null;
}

/** A file's size and rows: it travels in a JSON body, which the shell caps at 100 KiB. */
export const MENU_CSV_LIMITS = { maxBytes: 96 * 1024, maxRows: 2_000 };

/**
 * One change the import makes, in order. Ids of rows added by the file are the dry run's guesses (last id plus
 * one, as the handlers take them); applying maps them to the ids the handlers really took.
 */
type Change =
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

export interface MenuImportResult {
  problems: MenuCsvProblem[];
  /** How many changes the file makes (a dry run) or made. */
  changes: number;
}

const nextPosition = (positions: number[]) => Math.max(0, ...positions) + 1;

/**
 * Menu CSV export and import (issue 16 item 5). The import reads every row, then runs every change through the
 * catalogue's own deciders in memory, on the states the commands would meet, so a refusal is the decider's own
 * (named by row and column) and a file with any refused row changes nothing. Then, unless it is a dry run, it
 * applies the changes as the editor's commands. A re-run after an interruption finds what was added by name and
 * changes only what is left.
 */
export function createMenuTransfer(deps: { services: Services; menu: CataloguePort; catalogue: CatalogueCommands; photos: { srcsetOf(link: string): Promise<string | null> }; parLevels: ParLevelPort }) {
  const { services, menu, catalogue, photos, parLevels } = deps;

  const readParLevels = async (): Promise<ParLevels> =>
    new Map((await parLevels.read()).flatMap((row) => (row.parLevel === null ? [] : [[shelfKey(row.productId, row.variantKey), row.parLevel] as const])));

  async function exportCsv(): Promise<string> {
    const [editable, levels] = await Promise.all([menu.forEditing(), readParLevels()]);
    return writeCsv(MENU_CSV_COLUMNS, menuCsvRecords(editable, levels));
  }

  function readRows(file: string): { rows: Array<{ row: number; parsed: MenuCsvRow }>; problems: MenuCsvProblem[] } {
    const problems: MenuCsvProblem[] = [];
    const rows: Array<{ row: number; parsed: MenuCsvRow }> = [];
    let table;
    try {
      table = readCsv(file, { columns: MENU_CSV_COLUMNS, ...MENU_CSV_LIMITS });
    } catch (error) {
      if (error instanceof CsvError) return { rows, problems: [{ row: error.row ?? 1, column: null, message: error.message }] };
      throw error;
    }
    for (const error of table.errors) problems.push({ row: error.row, column: null, message: error.message });
    for (const record of table.records) {
      const read = readMenuRow(record.row, record.cells);
      if ('problems' in read) problems.push(...read.problems);
      else rows.push({ row: record.row, parsed: read.row });
    }
    return { rows, problems };
  }

  /** The dry run: every change the rows make, decided in memory, or every row's refusal. */
  async function plan(rows: Array<{ row: number; parsed: MenuCsvRow }>, problems: MenuCsvProblem[]): Promise<Change[]> {
    const editable = await menu.forEditing();
    let categories = await services.commands.load(CATEGORIES_STREAM, categoriesDecider);
    const products = new Map<number, ProductState>();
    for (const product of editable.products) products.set(product.id, await services.commands.load(productStream(product.id), productDecider));
    const levels = await readParLevels();
    const ids = { category: editable.lastCategoryId, product: editable.lastProductId, variant: editable.lastVariantId };
    const changes: Change[] = [];
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
        vegetarian: input.vegetarian,
        vegan: input.vegan,
        spice: input.spice,
      };
      // The facts the handlers read (handlers.ts): the photo's widths, the place in the category, the other names.
      const imageSrcset = current && current.image === input.image ? current.imageSrcset : input.image?.startsWith('/uploads/') ? await photos.srcsetOf(input.image) : null;
      if (input.image?.startsWith('/uploads/') && imageSrcset === null) return refuse(row, 'image', 'that photo was not uploaded here; upload it again');
      const inCategory = listed().filter(({ id: other, state }) => state.product.categoryId === category.categoryId && other !== id);
      const position = current && current.categoryId === category.categoryId ? current.position : nextPosition(inCategory.map(({ state }) => state.product.position));
      const namesInCategory = inCategory.map(({ state }) => state.product.name);
      const data = { productId: id, ...dish, imageSrcset, position };
      const columnOf = (field: CatalogueRefusal['field']): MenuCsvColumn => (field === 'price' ? 'price_pence' : field === 'dietary' ? (input.vegan ? 'vegan' : 'vegetarian') : 'name');
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
      const variant: VariantInput = { name: input.name, incrementalPricePence: input.incrementalPricePence, allergens: input.allergens };
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
        const problem = parLevel === null ? null : parLevels.problem({ name: state.product.name, variants: state.variants.map((variant) => ({ id: variant.variantId })) }, variantId);
        if (problem) refuse(row, 'par_level', problem);
        else changes.push({ kind: 'parLevel', productRef: productId, variantRef: variantId, parLevel });
      }
    }
  }

  /** Runs the planned changes as the editor's commands, mapping the dry run's ids of added rows to the real ones. */
  async function apply(changes: Change[], context: CommandContext): Promise<void> {
    const taken = { category: new Map<number, number>(), product: new Map<number, number>(), variant: new Map<number, number>() };
    const real = (kind: keyof typeof taken, ref: number) => taken[kind].get(ref) ?? ref;
    for (const change of changes) {
      switch (change.kind) {
        case 'addCategory':
          taken.category.set(change.ref, await catalogue.addCategory(change.name, context));
          break;
        case 'renameCategory':
          await catalogue.renameCategory(change.id, change.name, context);
          break;
        case 'hideCategory':
          await catalogue.setCategoryHidden(real('category', change.ref), change.hidden, context);
          break;
        case 'addDish':
          taken.product.set(change.ref, await catalogue.addDish({ ...change.input, categoryId: real('category', change.input.categoryId) }, context));
          break;
        case 'changeDish':
          await catalogue.changeDish(change.id, { ...change.input, categoryId: real('category', change.input.categoryId) }, context);
          break;
        case 'dishStatus':
          await catalogue.setDishStatus(real('product', change.ref), change.status, context);
          break;
        case 'addVariant':
          taken.variant.set(change.ref, await catalogue.addVariant(real('product', change.productRef), change.input, context));
          break;
        case 'changeVariant':
          await catalogue.changeVariant(change.id, change.input, context);
          break;
        case 'variantStatus':
          await catalogue.setVariantStatus(real('product', change.productRef), real('variant', change.ref), change.status, context);
          break;
        case 'parLevel': {
          const variantId = change.variantRef === null ? null : real('variant', change.variantRef);
          const result = await parLevels.set(real('product', change.productRef), variantId, change.parLevel, context);
          await services.readModels.waitFor('menu', result.position);
          break;
        }
        default: {
          const never: never = change;
          return never;
        }
      }
    }
  }

  // One import at a time: two at once would both plan to add the same rows.
  let tail: Promise<unknown> = Promise.resolve();

  return {
    exportCsv,
    /** Checks the whole file and, unless `dryRun`, applies it; with any problem nothing is changed. */
    importCsv(file: string, options: { dryRun: boolean }, context: CommandContext): Promise<MenuImportResult> {
      const work = async (): Promise<MenuImportResult> => {
        const { rows, problems } = readRows(file);
        const changes = await plan(rows, problems);
        if (problems.length > 0) return { problems: problems.sort((a, b) => a.row - b.row), changes: 0 };
        if (!options.dryRun) await apply(changes, context);
        return { problems, changes: changes.length };
      };
      const result = tail.then(work, work);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

export type MenuTransfer = ReturnType<typeof createMenuTransfer>;
