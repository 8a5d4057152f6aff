/** The one CSV writer and reader for every export and import of the shop, so that export then import is exact. */
export { writeCsv, type CsvCell } from './write';
export { readCsv, CsvError, type CsvReadOptions, type CsvRecord, type CsvRowError, type CsvTable } from './read';
