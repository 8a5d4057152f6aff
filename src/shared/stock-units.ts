/**
 * The one rule for a number of units staff give the stock sheet (a level, a restock, a daily par level): the
 * server's zod schemas refine with it and the sheet checks what was typed with it before sending (issue 38 item 2),
 * so a negative or non-numeric restock is refused with these words in both places.
 */
export const MAX_STOCK_UNITS = 100_000;

/** What is wrong with `units` (NaN for text that is no number), named `name`; null when it may go. */
export function stockUnitsProblem(units: number, min: number, name: string): string | null {
  if (!Number.isInteger(units)) return `${name} must be a whole number of units`;
  if (units < min) return `${name} must be at least ${min}`;
  if (units > MAX_STOCK_UNITS) return `${name} must be at most ${MAX_STOCK_UNITS}`;
  return null;
}

/** Units as typed into a field: a whole number, or NaN (empty, letters, a fraction or an exponent). */
export const unitsTyped = (text: string): number => (/^\s*-?\d+\s*$/.test(text) ? Number(text.trim()) : Number.NaN);
