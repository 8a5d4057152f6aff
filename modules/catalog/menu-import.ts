import type { CommandContext } from '../../src/core/decider';
import { readCsv, writeCsv, CsvError } from '../../src/csv';
import type { Position } from '../../src/eventstore/types';
import type { Services } from '../../src/services';
import type { CataloguePort } from './catalogue';
import { categoriesDecider, productDecider, type ProductState } from './decider';
import { CATEGORIES_STREAM, productStream } from './events';
import type { CatalogueCommands } from './handlers';
import { MENU_CSV_COLUMNS, MENU_CSV_OPTIONAL_COLUMNS, menuCsvRecords, readMenuRow, shelfKey, type MenuCsvProblem, type MenuCsvRow, type ParLevels } from './menu-csv';
import { planMenuImport, type MenuChange, type PlanFacts } from './menu-plan';

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

export interface MenuImportResult {
  problems: MenuCsvProblem[];
  /** How many changes the file makes (a dry run) or made. */
  changes: number;
}

/**
 * Menu CSV export and import (issue 16 item 5). The import reads every row, plans every change through the
 * catalogue's own deciders (menu-plan.ts), and a file with any refused row changes nothing. Then, unless it is a
 * dry run, it applies the changes as the editor's commands. A re-run after an interruption finds what was added
 * by name and changes only what is left.
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
      table = readCsv(file, { columns: MENU_CSV_COLUMNS, optional: MENU_CSV_OPTIONAL_COLUMNS, ...MENU_CSV_LIMITS });
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
  async function planFacts(): Promise<PlanFacts> {
    const editable = await menu.forEditing();
    const products = new Map<number, ProductState>();
    for (const product of editable.products) products.set(product.id, await services.commands.load(productStream(product.id), productDecider));
    return {
      categories: await services.commands.load(CATEGORIES_STREAM, categoriesDecider),
      products,
      lastIds: { category: editable.lastCategoryId, product: editable.lastProductId, variant: editable.lastVariantId },
      parLevels: await readParLevels(),
      srcsetOf: (link) => photos.srcsetOf(link),
      parProblem: parLevels.problem,
    };
  }

  /** Runs the planned changes as the editor's commands, mapping the dry run's ids of added rows to the real ones. */
  async function apply(changes: MenuChange[], context: CommandContext): Promise<void> {
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
        const changes = await planMenuImport(rows, await planFacts(), problems);
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
