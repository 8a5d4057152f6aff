import { neutraliseText } from './formula';

/** A cell as the shop writes it: text, or a number written as a number (pence, VAT rates, stock). */
export type CsvCell = string | number;

const NEEDS_QUOTES = /[",\r\n]/;
// Spreadsheets (Excel above all) read a file without it as their local code page, so '£' would come back garbled.
const BYTE_ORDER_MARK = '\uFEFF';

function writeCell(cell: CsvCell): string {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`A CSV number must be finite, not ${cell}`);
    return String(cell);
  }
  const text = neutraliseText(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function writeRow(cells: readonly CsvCell[]): string {
  const written: string[] = cells.map(writeCell);
  // readCsv skips rows left empty in a spreadsheet (a blank line, or bare commas); quoting one cell keeps a row of
  // empty texts a row.
  if (!written.some((cell) => cell !== '')) written[0] = '""';
  return written.join(',');
}

/**
 * Writes a table as RFC 4180 CSV: a header row of `columns`, then one row per record in the columns' order, CRLF
 * line ends, text quoted only where it must be, numbers bare, and text that a spreadsheet would run as a formula
 * neutralised (`readCsv` restores it).
 */
export function writeCsv<Column extends string>(
  columns: readonly Column[],
  records: Iterable<Readonly<Record<Column, CsvCell>>>,
  options: { byteOrderMark?: boolean } = {},
): string {
  const lines = [writeRow(columns)];
  for (const record of records) lines.push(writeRow(columns.map((column) => record[column])));
  return `${options.byteOrderMark === false ? '' : BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}
