import { MENU_CSV_COLUMNS } from '../../../modules/catalog';
import { allergenCell, readMenuRow, type MenuCsvColumn } from '../../../modules/catalog/menu-csv';

const blank = Object.fromEntries(MENU_CSV_COLUMNS.map((column) => [column, ''])) as Record<MenuCsvColumn, string>;
const variantRow = (allergens: string) =>
  readMenuRow(2, { ...blank, kind: 'variant', category: 'Curries', dish: 'Madras', name: 'King Prawn', price_pence: '300', status: 'active', allergens });

/** The allergen cell carries the three states (issue 27 item 5): empty, `none`, a list; and a kept list not declared. */
describe('the menu CSV allergen cell', () => {
  const states = [
    { cell: '', facts: { allergens: [], allergensDeclared: false } },
    { cell: 'none', facts: { allergens: [], allergensDeclared: true } },
    { cell: 'milk; nuts', facts: { allergens: ['milk', 'nuts'], allergensDeclared: true } },
    { cell: 'milk; nuts; not declared', facts: { allergens: ['milk', 'nuts'], allergensDeclared: false } },
  ] as const;

  it.each(states)('writes and reads back "$cell"', ({ cell, facts }) => {
    expect(allergenCell({ allergens: [...facts.allergens], allergensDeclared: facts.allergensDeclared })).toBe(cell);
    expect(variantRow(cell)).toEqual({ row: expect.objectContaining({ allergens: facts.allergens, allergensDeclared: facts.allergensDeclared }) });
  });

  it('reads a spreadsheet’s spelling, and refuses none beside an allergen', () => {
    expect(variantRow(' None ')).toEqual({ row: expect.objectContaining({ allergens: [], allergensDeclared: true }) });
    expect(variantRow('Milk, Not  Declared')).toEqual({ row: expect.objectContaining({ allergens: ['milk'], allergensDeclared: false }) });
    expect(variantRow('none; milk')).toEqual({ problems: [{ row: 2, column: 'allergens', message: 'write none alone, for none of the 14 allergens' }] });
    expect(variantRow('chocolate')).toEqual({ problems: [{ row: 2, column: 'allergens', message: expect.stringMatching(/^allergens are celery, .*; or none for none of them$/) }] });
  });
});
