import { categoriesDecider } from '../../../modules/catalog/decider';
import { readMenuRow, type MenuCsvColumn, type MenuCsvRow } from '../../../modules/catalog/menu-csv';
import { planMenuImport, type PlanFacts } from '../../../modules/catalog/menu-plan';
import type { MenuCsvProblem } from '../../../modules/catalog/menu-csv';
import { MENU_CSV_COLUMNS } from '../../../modules/catalog';

const empty: PlanFacts = {
  categories: categoriesDecider.initialState,
  products: new Map(),
  lastIds: { category: 0, product: 0, variant: 0 },
  parLevels: new Map(),
  srcsetOf: async () => null,
  parProblem: (product, variantId) => (product.variants.length > 0 && variantId === null ? `${product.name} has variants` : null),
};

function rows(...cells: Array<Partial<Record<MenuCsvColumn, string>>>): Array<{ row: number; parsed: MenuCsvRow }> {
  return cells.map((given, index) => {
    const raw = { ...Object.fromEntries(MENU_CSV_COLUMNS.map((column) => [column, ''])), ...given } as Record<MenuCsvColumn, string>;
    const read = readMenuRow(index + 2, raw);
    if ('problems' in read) throw new Error(JSON.stringify(read.problems));
    return { row: index + 2, parsed: read.row };
  });
}

const dish = (cells: Partial<Record<MenuCsvColumn, string>>) => ({
  kind: 'dish', category: 'Starters', price_pence: '395', vat_rate: 'standard', virtual: 'no', status: 'active', vegetarian: 'no', vegan: 'no', spice: '0', ...cells,
});

/** The import's dry run: pure, on the states the commands would meet (issue 16 item 5). */
describe('planMenuImport', () => {
  it('plans a category, its dish, a variant and a par level in that order, whatever the rows’ order, with the ids the handlers will take', async () => {
    const problems: MenuCsvProblem[] = [];
    const changes = await planMenuImport(
      rows(
        { kind: 'variant', category: 'Starters', dish: 'Bhaji', name: 'Large', price_pence: '-50', status: 'active', par_level: '8' },
        dish({ name: 'Bhaji', allergens: 'milk' }),
        { kind: 'category', name: 'Starters', hidden: 'yes' },
      ),
      empty,
      problems,
    );
    expect(problems).toEqual([]);
    expect(changes.map((change) => change.kind)).toEqual(['addCategory', 'hideCategory', 'addDish', 'addVariant', 'parLevel']);
    expect(changes[3]).toMatchObject({ ref: 1, productRef: 1, input: { name: 'Large', incrementalPricePence: -50 } });
  });

  it('names the row and column of each refusal, the deciders’ own, and of a name given twice', async () => {
    const problems: MenuCsvProblem[] = [];
    await planMenuImport(
      rows(
        { kind: 'category', name: 'Starters', hidden: 'no' },
        dish({ name: 'Bhaji', price_pence: '100' }),
        { kind: 'variant', category: 'Starters', dish: 'Bhaji', name: 'Small', price_pence: '-101', status: 'active' },
        { kind: 'variant', category: 'Starters', dish: 'Samosa', name: 'Small', price_pence: '0', status: 'active' },
        dish({ name: 'bhaji' }),
        dish({ name: 'Fish Pakora', vegetarian: 'yes', allergens: 'fish' }),
        dish({ name: 'Dal', par_level: '5' }),
        { kind: 'variant', category: 'Starters', dish: 'Dal', name: 'Large', price_pence: '0', status: 'active' },
      ),
      empty,
      problems,
    );
    expect(problems.sort((a, b) => a.row - b.row)).toEqual([
      { row: 4, column: 'price_pence', message: 'The variant Small would make the dish cost less than nothing' },
      { row: 5, column: 'dish', message: 'there is no dish named Samosa in Starters; add a dish row for it' },
      { row: 6, column: 'name', message: 'row 3 is this dish already' },
      { row: 7, column: 'vegetarian', message: 'A vegetarian dish cannot contain fish, crustaceans or molluscs' },
      { row: 8, column: 'par_level', message: 'Dal has variants' },
    ]);
  });
});
