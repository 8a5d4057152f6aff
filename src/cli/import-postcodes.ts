import fs from 'node:fs';
import readline from 'node:readline';
import pino from 'pino';
import { sql } from 'slonik';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { createDatabasePool, type DatabasePool } from '../db/pool';
import { outwardCode, parsePostcode } from '../shared/postcode';

const BATCH = 5000;

/**
 * Loads postcode locations from a CSV with the columns postcode, latitude and longitude (a header row names
 * them, in any order; other columns are ignored). Rows with an invalid postcode or coordinates are skipped.
 */
export async function importPostcodes(pool: DatabasePool, file: string): Promise<{ imported: number; skipped: number }> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let columns: Record<string, number> | undefined;
  let batch: Array<[string, string, number, number]> = [];
  let imported = 0;
  let skipped = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await pool.query(sql.unsafe`
      insert into postcode_locations (postcode, outward, latitude, longitude)
      select * from ${sql.unnest(batch, ['text', 'text', 'float8', 'float8'])}
      on conflict (postcode) do update set latitude = excluded.latitude, longitude = excluded.longitude`);
    imported += batch.length;
    batch = [];
  };
  for await (const line of lines) {
    const cells = line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, ''));
    if (!columns) {
      columns = Object.fromEntries(cells.map((name, index) => [name.toLowerCase(), index]));
      for (const name of ['postcode', 'latitude', 'longitude']) {
        if (columns[name] === undefined) throw new Error(`The CSV needs a ${name} column`);
      }
      continue;
    }
    const postcode = parsePostcode(cells[columns.postcode] ?? '');
    const latitude = Number(cells[columns.latitude]);
    const longitude = Number(cells[columns.longitude]);
    if (!postcode || !Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      skipped += 1;
      continue;
    }
    batch.push([postcode, outwardCode(postcode), latitude, longitude]);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { imported, skipped };
}

async function main(file: string | undefined): Promise<void> {
  if (!file) throw new Error('Usage: npm run postcodes:import -- <file.csv>');
  const config = loadConfig();
  const database = await openDatabase(config, pino({ level: 'warn' }), { forTool: true });
  const pool = await createDatabasePool(database.url);
  try {
    const { imported, skipped } = await importPostcodes(pool, file);
    console.log(`Imported ${imported} postcodes (${skipped} rows skipped)`);
  } finally {
    await pool.end();
    await database.close();
  }
}

if (require.main === module) {
  main(process.argv[2]).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
