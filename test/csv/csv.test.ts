import fc from 'fast-check';
import { CsvError, readCsv, writeCsv, type CsvCell } from '../../src/csv';

const COLUMNS = ['name', 'price', 'note'] as const;
type Column = (typeof COLUMNS)[number];
const LIMITS = { maxRows: 1000, maxBytes: 1024 * 1024 };
const read = (input: string | Uint8Array, options: Partial<typeof LIMITS> = {}) => readCsv(input, { columns: COLUMNS, ...LIMITS, ...options });

/** Text made of the pieces that break naive CSV: quotes, commas, line ends, formula signs and apostrophes. */
const nastyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.array(fc.constantFrom('"', ',', '\n', '\r', '\r\n', '=', '+', '-', '@', '\t', "'", ' ', '\uFEFF', 'a', '£', '1', '=SUM(A1)'), { maxLength: 8 }).map((parts) => parts.join('')),
);
const cell: fc.Arbitrary<CsvCell> = fc.oneof(nastyText, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));

describe('the CSV writer and reader', () => {
  it('reads back exactly what it wrote, for any text and numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: cell, price: cell, note: cell }), { maxLength: 20 }), (rows) => {
        const table = read(writeCsv(COLUMNS, rows));
        expect(table.errors).toEqual([]);
        // Every cell comes back as text; a number as the text it was written as.
        expect(table.records.map((record) => record.cells)).toEqual(
          rows.map((row) => Object.fromEntries(COLUMNS.map((column) => [column, String(row[column])]))),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('reads back exactly through bytes, as an uploaded file arrives', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: nastyText, price: fc.integer(), note: nastyText }), { maxLength: 10 }), (rows) => {
        const table = read(Buffer.from(writeCsv(COLUMNS, rows), 'utf8'));
        expect(table.records.map((record) => record.cells)).toEqual(rows.map((row) => ({ ...row, price: String(row.price) })));
      }),
    );
  });

  it('writes RFC 4180: CRLF rows, quotes only where needed, doubled quotes, bare numbers', () => {
    const text = writeCsv(COLUMNS, [{ name: 'Naan, garlic', price: 250, note: 'say "hot"\nplease' }, { name: 'Dal', price: -0.5, note: '' }], { byteOrderMark: false });
    expect(text).toBe('name,price,note\r\n"Naan, garlic",250,"say ""hot""\nplease"\r\nDal,-0.5,\r\n');
  });

  it('starts the file with a byte order mark so spreadsheets read it as UTF-8, and the reader drops it', () => {
    const text = writeCsv(COLUMNS, [{ name: '£', price: 1, note: '' }]);
    expect(text.startsWith('\uFEFFname,')).toBe(true);
    expect(read(text).records[0].cells).toEqual({ name: '£', price: '1', note: '' });
  });

  it('neutralises text a spreadsheet would run as a formula, and leaves numbers alone', () => {
    const text = writeCsv(COLUMNS, [{ name: '=HYPERLINK("http://evil.example","Click")', price: -150, note: '@SUM(1)' }, { name: '+44 113', price: 0, note: '-1 spicy' }], {
      byteOrderMark: false,
    });
    const [, first, second] = text.split('\r\n');
    expect(first).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")",-150,'@SUM(1)`);
    expect(second).toBe("'+44 113,0,'-1 spicy");
    expect(read(text).records.map((record) => record.cells)).toEqual([
      { name: '=HYPERLINK("http://evil.example","Click")', price: '-150', note: '@SUM(1)' },
      { name: '+44 113', price: '0', note: '-1 spicy' },
    ]);
  });

  it("neutralises a leading tab or carriage return, and keeps a text's own leading apostrophe", () => {
    const text = writeCsv(COLUMNS, [{ name: '\t=1', price: 1, note: '\r=1' }, { name: "'Tis", price: 2, note: "'=1" }], { byteOrderMark: false });
    expect(text.split('\r\n')[1]).toBe(`'\t=1,1,"'\r=1"`);
    expect(text).toContain("'Tis,2,''=1");
    expect(read(text).records.map((record) => record.cells)).toEqual([
      { name: '\t=1', price: '1', note: '\r=1' },
      { name: "'Tis", price: '2', note: "'=1" },
    ]);
  });

  it('reads a spreadsheet-saved file: LF rows, columns in another order, blank and comma-only rows skipped', () => {
    const table = read('note,name,price\n\nhot,Dal,450\n,,\n,Rice,200');
    expect(table.records).toEqual([
      { row: 3, cells: { name: 'Dal', price: '450', note: 'hot' } },
      { row: 5, cells: { name: 'Rice', price: '200', note: '' } },
    ]);
  });

  it('keeps a written row of empty texts, which it tells apart from a row left empty', () => {
    const rows: Array<Record<Column, CsvCell>> = [{ name: '', price: '', note: '' }];
    expect(read(writeCsv(COLUMNS, rows)).records.map((record) => record.cells)).toEqual(rows);
  });

  it('checks the header, naming what is wrong', () => {
    expect(() => read('')).toThrow(new CsvError('The file has no header row; the first row must name the columns: name, price, note', 1));
    expect(() => read('name,price\nDal,1')).toThrow('Row 1: the header does not match: missing column note (expected name, price, note)');
    expect(() => read('name,price,note,colour\n')).toThrow('unknown column "colour"');
    expect(() => read('name,price,note,name\n')).toThrow('column name given twice');
  });

  it('reads a file without an optional column (written before it existed) as if its cells were empty', () => {
    const table = readCsv('name,price\nDal,450\n', { columns: COLUMNS, optional: ['note'], ...LIMITS });
    expect(table.records).toEqual([{ row: 2, cells: { name: 'Dal', price: '450', note: '' } }]);
    expect(readCsv('note,name,price\nhot,Dal,450\n', { columns: COLUMNS, optional: ['note'], ...LIMITS }).records[0].cells.note).toBe('hot');
    expect(() => readCsv('name,note\nDal,x\n', { columns: COLUMNS, optional: ['note'], ...LIMITS })).toThrow('missing column price');
  });

  it('lists every row it cannot read, naming the row, and still reads the others', () => {
    const table = read('name,price,note\nDal,450\nRice,200,\nNa"an,1,\n"Tea"x,1,\nLassi,1,"x",y');
    expect(table.records.map((record) => record.cells.name)).toEqual(['Rice']);
    expect(table.errors).toEqual([
      { row: 2, message: 'the row has 2 cells but the header has 3 columns' },
      { row: 4, message: expect.stringContaining('has a quote in it') },
      { row: 5, message: expect.stringContaining('text after its closing quote') },
      { row: 6, message: 'the row has 4 cells but the header has 3 columns' },
    ]);
  });

  it('refuses a quote that is never closed, naming the row it opens on', () => {
    expect(() => read('name,price,note\nDal,1,ok\nRice,2,"never\nclosed\n')).toThrow(new CsvError('a quoted cell is never closed (a " is missing)', 3));
  });

  it('refuses more rows than allowed, naming the first row past the limit', () => {
    const rows = Array.from({ length: 4 }, (_, index) => ({ name: `dish ${index}`, price: index, note: '' }));
    expect(read(writeCsv(COLUMNS, rows), { maxRows: 4 }).records).toHaveLength(4);
    expect(() => read(writeCsv(COLUMNS, [...rows, rows[0]]), { maxRows: 4 })).toThrow(
      'Row 6: the file has more than 4 rows of data, the most one file may hold; split it into smaller files',
    );
  });

  it('refuses a file over the byte limit before reading it, and a file that is not UTF-8', () => {
    const text = writeCsv(COLUMNS, [{ name: 'x'.repeat(100), price: 1, note: '' }]);
    expect(() => read(text, { maxBytes: 100 })).toThrow(/^The file is \d+ bytes, more than the 100 allowed/);
    expect(() => read(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0xff, 0x0a]))).toThrow('The file is not UTF-8 text');
  });

  it('refuses to write a number that is not finite', () => {
    expect(() => writeCsv(COLUMNS, [{ name: 'x', price: Number.NaN, note: '' }])).toThrow(RangeError);
  });
});
