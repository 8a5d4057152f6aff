import { restoreText } from './formula';

/** A whole file the reader refuses; `row` names where, counted as a spreadsheet shows it (the header is row 1). */
export class CsvError extends Error {
  override name = 'CsvError';

  constructor(
    message: string,
    readonly row?: number,
  ) {
    super(row === undefined ? message : `Row ${row}: ${message}`);
  }
}

export interface CsvRowError {
  row: number;
  message: string;
}

export interface CsvRecord<Column extends string> {
  /** The row as a spreadsheet shows it: the header is row 1, blank rows count. */
  row: number;
  cells: Record<Column, string>;
}

export interface CsvReadOptions<Column extends string> {
  /** The header must name exactly these columns, each once, in any order. */
  columns: readonly Column[];
  /** Columns of `columns` the header may leave out (a file written before they existed): their cells read as ''. */
  optional?: readonly Column[];
  /** Data rows allowed (the header not counted). */
  maxRows: number;
  maxBytes: number;
}

export interface CsvTable<Column extends string> {
  records: Array<CsvRecord<Column>>;
  /** Rows that could not be read (wrong number of cells, a stray quote); the other rows are still read. */
  errors: CsvRowError[];
}

interface ParsedRow {
  row: number;
  cells: string[];
  quoted: boolean;
  problem?: string;
}

const BYTE_ORDER_MARK = '\uFEFF';

function decode(input: string | Uint8Array, maxBytes: number): string {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  if (bytes > maxBytes) throw new CsvError(`The file is ${bytes} bytes, more than the ${maxBytes} allowed; split it into smaller files`);
  let text: string;
  try {
    text = typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    throw new CsvError('The file is not UTF-8 text; save it as "CSV UTF-8"');
  }
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
}

/** RFC 4180, accepting LF or a lone CR as well as CRLF between rows. */
function* parseRows(text: string): Generator<ParsedRow> {
  let at = 0;
  let row = 0;
  while (at < text.length) {
    row += 1;
    const cells: string[] = [];
    let quoted = false;
    let problem: string | undefined;
    let cell = '';
    for (;;) {
      if (text[at] === '"') {
        quoted = true;
        const start = at;
        at += 1;
        for (;;) {
          const close = text.indexOf('"', at);
          if (close === -1) throw new CsvError('a quoted cell is never closed (a " is missing)', row);
          cell += text.slice(at, close);
          at = close + 1;
          if (text[at] !== '"') break;
          cell += '"';
          at += 1;
        }
        if (at < text.length && !',\r\n'.includes(text[at])) {
          problem ??= `a cell has text after its closing quote (${JSON.stringify(text.slice(start, Math.min(at + 10, text.length)))})`;
        }
      }
      while (at < text.length && !',\r\n'.includes(text[at])) {
        if (text[at] === '"') problem ??= 'a cell that does not start with a quote has a quote in it; put the cell in quotes and double its quotes';
        cell += text[at];
        at += 1;
      }
      cells.push(cell);
      cell = '';
      if (text[at] === ',') {
        at += 1;
        continue;
      }
      if (text[at] === '\r') at += 1;
      if (text[at] === '\n') at += 1;
      break;
    }
    yield { row, cells, quoted, problem };
  }
}

const isBlank = (parsed: ParsedRow) => !parsed.quoted && parsed.cells.every((cell) => cell === '');

function checkHeader<Column extends string>(header: ParsedRow | undefined, columns: readonly Column[], optional: readonly Column[]): Column[] {
  if (!header || isBlank(header)) throw new CsvError(`The file has no header row; the first row must name the columns: ${columns.join(', ')}`, 1);
  const names = header.cells.map((name) => restoreText(name).trim());
  const expected = new Set<string>(columns);
  const unknown = names.filter((name) => !expected.has(name));
  const duplicated = names.filter((name, index) => names.indexOf(name) !== index);
  const missing = columns.filter((column) => !names.includes(column) && !optional.includes(column));
  const problems = [
    unknown.length > 0 ? `unknown column ${unknown.map((name) => JSON.stringify(name)).join(', ')}` : '',
    duplicated.length > 0 ? `column ${[...new Set(duplicated)].join(', ')} given twice` : '',
    missing.length > 0 ? `missing column ${missing.join(', ')}` : '',
  ].filter(Boolean);
  if (problems.length > 0) throw new CsvError(`the header does not match: ${problems.join('; ')} (expected ${columns.join(', ')})`, 1);
  return names as Column[];
}

/**
 * Reads a CSV file written by `writeCsv` or saved by a spreadsheet: checks the size, the header and the row count,
 * restores neutralised formula-looking text, and skips rows left empty. Every cell comes back as text; the caller's
 * schema turns the number columns into numbers.
 */
export function readCsv<Column extends string>(input: string | Uint8Array, options: CsvReadOptions<Column>): CsvTable<Column> {
  const rows = parseRows(decode(input, options.maxBytes));
  const optional = options.optional ?? [];
  const order = checkHeader(rows.next().value ?? undefined, options.columns, optional);
  const absent = optional.filter((column) => !order.includes(column));
  const records: Array<CsvRecord<Column>> = [];
  const errors: CsvRowError[] = [];
  let dataRows = 0;
  for (const parsed of rows) {
    if (isBlank(parsed)) continue;
    dataRows += 1;
    if (dataRows > options.maxRows) {
      throw new CsvError(`the file has more than ${options.maxRows} rows of data, the most one file may hold; split it into smaller files`, parsed.row);
    }
    if (parsed.problem) {
      errors.push({ row: parsed.row, message: parsed.problem });
      continue;
    }
    if (parsed.cells.length !== order.length) {
      errors.push({ row: parsed.row, message: `the row has ${parsed.cells.length} cells but the header has ${order.length} columns` });
      continue;
    }
    const cells = {} as Record<Column, string>;
    for (const column of absent) cells[column] = '';
    order.forEach((column, index) => (cells[column] = restoreText(parsed.cells[index])));
    records.push({ row: parsed.row, cells });
  }
  return { records, errors };
}
