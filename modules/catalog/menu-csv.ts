import { z } from 'zod';
import type { CsvCell } from '../../src/csv';
import { ALLERGENS, MAX_SPICE, type Allergen, type AllergenFacts } from '../../src/shared/allergens';
import { RICH_TEXT_MAX_CHARS } from '../../src/shared/rich-text-allow-list';
import { multiLineText, singleLineText } from '../../src/shared/text';
import type { EditableCatalogue } from './catalogue';
import { variantKey } from '../stock';
import { VAT_RATES, type VatRate } from './events';
import { DISH_IMAGE } from './image-links';

/**
 * The menu as a CSV file (issue 16 item 5): one row per category, dish and variant, told apart by `kind`. A dish
 * names its category, a variant its category and dish, by name, so rows may come in any order and a spreadsheet
 * may sort them. `id` keeps a row on the same category, dish or variant; a row without one is matched by name
 * (a category by its name, a dish by its category and name, a variant by its dish and name) or added.
 */
export const MENU_CSV_COLUMNS = [
  'kind',
  'id',
  'category',
  'dish',
  'name',
  'short_desc',
  'description',
  'price_pence',
  'vat_rate',
  'virtual',
  'status',
  'hidden',
  'allergens',
  'vegetarian',
  'vegan',
  'spice',
  'image',
  'par_level',
] as const;
export type MenuCsvColumn = (typeof MENU_CSV_COLUMNS)[number];

/** The columns each kind of row uses; the others must be left empty. */
const USED: Record<'category' | 'dish' | 'variant', readonly MenuCsvColumn[]> = {
  category: ['kind', 'id', 'name', 'hidden'],
  dish: ['kind', 'id', 'category', 'name', 'short_desc', 'description', 'price_pence', 'vat_rate', 'virtual', 'status', 'allergens', 'vegetarian', 'vegan', 'spice', 'image', 'par_level'],
  variant: ['kind', 'id', 'category', 'dish', 'name', 'price_pence', 'status', 'allergens', 'par_level'],
};

/** A file written before a column existed may leave it out (a dish's allergens then read as not declared). */
export const MENU_CSV_OPTIONAL_COLUMNS: readonly MenuCsvColumn[] = ['allergens'];

const YES = 'yes';
const NO = 'no';
const ALLERGEN_SEPARATOR = '; ';
/**
 * The allergen cell (issue 27): empty is "not declared"; `none` alone, a declared "contains none of the 14"; a
 * list, declared; a list ending in `not declared`, the allergens known to be there on a dish nobody has checked.
 */
const NONE = 'none';
const NOT_DECLARED = 'not declared';

export type CategoryRow = { kind: 'category'; id: number | null; name: string; hidden: boolean };
export type DishRow = {
  kind: 'dish';
  id: number | null;
  category: string;
  name: string;
  shortDescription: string;
  description: string;
  pricePence: number;
  vatRate: VatRate;
  virtual: boolean;
  status: 'active' | 'out-of-stock';
  allergens: Allergen[];
  allergensDeclared: boolean;
  vegetarian: boolean;
  vegan: boolean;
  spice: number;
  image: string | null;
  parLevel: number | null;
};
export type VariantRow = {
  kind: 'variant';
  id: number | null;
  category: string;
  dish: string;
  name: string;
  incrementalPricePence: number;
  status: 'active' | 'out-of-stock';
  allergens: Allergen[];
  allergensDeclared: boolean;
  parLevel: number | null;
};
export type MenuCsvRow = CategoryRow | DishRow | VariantRow;

/** A refusal of one cell (or of a row, with no column), counted as a spreadsheet shows rows. */
export interface MenuCsvProblem {
  row: number;
  column: MenuCsvColumn | null;
  message: string;
}

/** Par levels by `parKey`: of a dish without variants, or of a variant. */
export type ParLevels = ReadonlyMap<string, number>;
export const shelfKey = (productId: number, key: string) => `${productId}|${key}`;
export const parKey = (productId: number, variantId: number | null) => shelfKey(productId, variantKey(variantId));

const yesNo = (flag: boolean) => (flag ? YES : NO);

/** The allergen cell of a dish or variant: what `readMenuRow` reads back as the same state. */
export function allergenCell({ allergens, allergensDeclared }: AllergenFacts): string {
  if (allergensDeclared) return allergens.length === 0 ? NONE : allergens.join(ALLERGEN_SEPARATOR);
  return allergens.length === 0 ? '' : [...allergens, NOT_DECLARED].join(ALLERGEN_SEPARATOR);
}

/** Every category, dish (not archived) and variant, in the editor's order: what `readMenuRows` reads back. */
export function menuCsvRecords(catalogue: EditableCatalogue, parLevels: ParLevels): Array<Record<MenuCsvColumn, CsvCell>> {
  const empty = Object.fromEntries(MENU_CSV_COLUMNS.map((column) => [column, ''])) as Record<MenuCsvColumn, CsvCell>;
  const categoryName = new Map(catalogue.categories.map((category) => [category.id, category.name]));
  const categories = [...catalogue.categories].sort((a, b) => a.position - b.position || a.id - b.id);
  return categories.flatMap((category) => [
    { ...empty, kind: 'category', id: category.id, name: category.name, hidden: yesNo(category.hidden) },
    ...catalogue.products
      .filter((product) => product.category_id === category.id)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .flatMap((product) => [
        {
          ...empty,
          kind: 'dish',
          id: product.id,
          category: categoryName.get(product.category_id) ?? '',
          name: product.name,
          short_desc: product.short_desc,
          description: product.description,
          price_pence: product.price,
          vat_rate: product.vat_rate,
          virtual: yesNo(product.virtual),
          status: product.status,
          allergens: allergenCell({ allergens: product.allergens, allergensDeclared: product.allergens_declared }),
          vegetarian: yesNo(product.vegetarian),
          vegan: yesNo(product.vegan),
          spice: product.spice,
          image: product.image ?? '',
          par_level: parLevels.get(parKey(product.id, null)) ?? '',
        },
        ...product.variants.map((variant) => ({
          ...empty,
          kind: 'variant',
          id: variant.id,
          category: categoryName.get(product.category_id) ?? '',
          dish: product.name,
          name: variant.name,
          price_pence: variant.incremental_price,
          status: variant.status,
          allergens: allergenCell({ allergens: variant.allergens, allergensDeclared: variant.allergens_declared }),
          par_level: parLevels.get(parKey(product.id, variant.id)) ?? '',
        })),
      ]),
  ]);
}

const flag = z.enum([YES, NO], `write ${YES} or ${NO}`).transform((value) => value === YES);
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^-?[0-9]{1,9}$/, `must be a whole number of ${what}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => null), schema]);
const id = optional(z.string().regex(/^[1-9][0-9]{0,8}$/, 'must be a number, or empty for a new row').transform(Number));
const status = z.enum(['active', 'out-of-stock'], "write 'active' or 'out-of-stock'");
const allergens = z
  .string()
  .transform((cell) => cell.split(/[;,]/).map((name) => name.trim().toLowerCase().replace(/\s+/g, ' ')).filter((name) => name !== ''))
  .pipe(
    z
      .array(z.enum([...ALLERGENS, NONE, NOT_DECLARED], `allergens are ${ALLERGENS.join(', ')}, separated by semicolons; or ${NONE} for none of them`))
      .refine((list) => new Set(list).size === list.length, 'name each allergen once')
      .refine((list) => !list.includes(NONE) || list.length === 1, `write ${NONE} alone, for none of the 14 allergens`),
  )
  .transform(
    (list): AllergenFacts & { allergens: Allergen[] } => ({
      allergens: list.filter((name): name is Allergen => name !== NONE && name !== NOT_DECLARED),
      allergensDeclared: list.length > 0 && !list.includes(NOT_DECLARED),
    }),
  );
const parLevel = optional(wholeNumber('units', 0, 100_000));

// The same text rules and lengths as the editor's routes (routes.ts).
const cells = {
  id,
  category: singleLineText({ max: 60, required: 'name the category' }),
  dish: singleLineText({ max: 100, required: 'name the dish' }),
  hidden: flag,
  short_desc: singleLineText({ max: 200 }),
  description: multiLineText({ max: RICH_TEXT_MAX_CHARS }),
  vat_rate: z.enum(VAT_RATES, "write 'standard' or 'zero'"),
  virtual: flag,
  vegetarian: flag,
  vegan: flag,
  spice: wholeNumber('chillies', 0, MAX_SPICE),
  image: optional(singleLineText({ max: 200 }).refine((link) => DISH_IMAGE.test(link), 'must be a photo uploaded here, or empty')),
  status,
  allergens,
  par_level: parLevel,
};

/** Parses one row's cells, or lists every cell it refuses (each named by its column). */
export function readMenuRow(row: number, raw: Record<MenuCsvColumn, string>): { row: MenuCsvRow } | { problems: MenuCsvProblem[] } {
  const problems: MenuCsvProblem[] = [];
  const kind = raw.kind.trim().toLowerCase();
  if (kind !== 'category' && kind !== 'dish' && kind !== 'variant') {
    return { problems: [{ row, column: 'kind', message: "write 'category', 'dish' or 'variant'" }] };
  }
  for (const column of MENU_CSV_COLUMNS) {
    if (!USED[kind].includes(column) && raw[column].trim() !== '') problems.push({ row, column, message: `leave it empty on a ${kind} row` });
  }
  const cell = <T>(column: MenuCsvColumn, schema: z.ZodType<T, string>): T => {
    const parsed = schema.safeParse(column === 'description' ? raw[column] : raw[column].trim());
    if (parsed.success) return parsed.data;
    problems.push({ row, column, message: parsed.error.issues[0]?.message ?? 'is not valid' });
    return undefined as T;
  };
  const name = cell('name', singleLineText({ max: kind === 'dish' ? 100 : 60, required: `A ${kind} needs a name` }));
  const parsed: MenuCsvRow =
    kind === 'category'
      ? { kind, id: cell('id', cells.id), name, hidden: cell('hidden', cells.hidden) }
      : kind === 'dish'
        ? {
            kind,
            id: cell('id', cells.id),
            category: cell('category', cells.category),
            name,
            shortDescription: cell('short_desc', cells.short_desc),
            description: cell('description', cells.description),
            // A negative price is the decider's refusal (assertPrice), reached in the dry run.
            pricePence: cell('price_pence', wholeNumber('pence', -10_000_000, 10_000_000)),
            vatRate: cell('vat_rate', cells.vat_rate),
            virtual: cell('virtual', cells.virtual),
            status: cell('status', cells.status),
            ...cell('allergens', cells.allergens),
            vegetarian: cell('vegetarian', cells.vegetarian),
            vegan: cell('vegan', cells.vegan),
            spice: cell('spice', cells.spice),
            image: cell('image', cells.image),
            parLevel: cell('par_level', cells.par_level),
          }
        : {
            kind,
            id: cell('id', cells.id),
            category: cell('category', cells.category),
            dish: cell('dish', cells.dish),
            name,
            incrementalPricePence: cell('price_pence', wholeNumber('pence', -10_000_000, 10_000_000)),
            status: cell('status', cells.status),
            ...cell('allergens', cells.allergens),
            parLevel: cell('par_level', cells.par_level),
          };
  return problems.length > 0 ? { problems } : { row: parsed };
}
