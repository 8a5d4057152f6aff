import { createHash } from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The one file format of `npm run export` and `npm run backup`: NDJSON, one record a line, and a last line
 * `{"manifest": ...}` with the count of records per category, the total and the sha256 of every line before it
 * (each with its newline). Optionally gzip'd as a whole; a reader tells by the first bytes.
 */
export interface ArchiveManifest {
  /** What the file holds (`takeaway-shop events 1`, `takeaway-shop backup 1`): a reader refuses another. */
  format: string;
  createdAt: string;
  counts: Record<string, number>;
  total: number;
  sha256: string;
}

/** A file that is not a whole, unchanged archive of the expected kind; its message is a plain sentence. */
export class ArchiveRefused extends Error {
  override name = 'ArchiveRefused';
}

/**
 * Writes the records, then the manifest, to `file + '.partial'`, and renames it to `file` once complete, so a
 * failed run never leaves a file that looks whole.
 */
export async function writeArchive(
  file: string,
  options: { format: string; records: AsyncIterable<{ category: string; record: unknown }>; gzip?: boolean; now?: () => Date },
): Promise<ArchiveManifest> {
  const partial = `${file}.partial`;
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  let total = 0;
  let written: ArchiveManifest | undefined;
  async function* lines() {
    for await (const { category, record } of options.records) {
      const line = `${JSON.stringify(record)}\n`;
      hash.update(line);
      counts[category] = (counts[category] ?? 0) + 1;
      total += 1;
      yield line;
    }
    const manifest: ArchiveManifest = {
      format: options.format,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      counts,
      total,
      sha256: hash.digest('hex'),
    };
    written = manifest;
    yield `${JSON.stringify({ manifest })}\n`;
  }
  try {
    const source = Readable.from(lines());
    const target = fs.createWriteStream(partial, { mode: 0o600 });
    if (options.gzip) await pipeline(source, zlib.createGzip(), target);
    else await pipeline(source, target);
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return written!;
}

async function* rawLines(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) throw new ArchiveRefused(`There is no file ${file}.`);
  const handle = fs.openSync(file, 'r');
  const magic = Buffer.alloc(2);
  fs.readSync(handle, magic, 0, 2, 0);
  fs.closeSync(handle);
  const stream = fs.createReadStream(file);
  const input = magic[0] === 0x1f && magic[1] === 0x8b ? stream.pipe(zlib.createGunzip()) : stream;
  stream.on('error', (error) => input.destroy(error));
  try {
    for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) yield line;
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused(`${file} cannot be read: it is damaged or not an archive of this shop.`);
  }
}

function parseManifest(line: string, file: string): ArchiveManifest {
  try {
    const { manifest } = JSON.parse(line) as { manifest?: ArchiveManifest };
    if (manifest && typeof manifest.sha256 === 'string' && typeof manifest.total === 'number') return manifest;
  } catch {
    // refused below
  }
  throw new ArchiveRefused(`${file} has no manifest as its last line: it is incomplete or not an archive of this shop.`);
}

/**
 * Reads the whole file once and checks it before anything is written from it: its kind, the checksum of its
 * lines, the count of records per category (`categoryOf` says a record's) and the total, and whatever `check`
 * asks of each record in turn (it throws ArchiveRefused). Answers the manifest.
 */
export async function verifyArchive(
  file: string,
  options: { format: string; categoryOf(record: unknown): string; check?(record: unknown): void },
): Promise<ArchiveManifest> {
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  let total = 0;
  let pending: string | null = null;
  for await (const line of rawLines(file)) {
    if (pending !== null) {
      hash.update(`${pending}\n`);
      let record: unknown;
      try {
        record = JSON.parse(pending);
      } catch {
        throw new ArchiveRefused(`Line ${total + 1} of ${file} is not JSON: the file was changed or damaged.`);
      }
      options.check?.(record);
      const category = options.categoryOf(record);
      counts[category] = (counts[category] ?? 0) + 1;
      total += 1;
    }
    pending = line;
  }
  const manifest = parseManifest(pending ?? '', file);
  if (manifest.format !== options.format) throw new ArchiveRefused(`${file} holds ${manifest.format}, not ${options.format}.`);
  if (hash.digest('hex') !== manifest.sha256) throw new ArchiveRefused(`${file} does not match its checksum: it was changed or damaged.`);
  const countsAgree =
    manifest.total === total &&
    Object.keys(counts).length === Object.keys(manifest.counts).length &&
    Object.entries(counts).every(([category, count]) => manifest.counts[category] === count);
  if (!countsAgree) throw new ArchiveRefused(`${file} does not hold the records its manifest counts.`);
  return manifest;
}

/** The records of a file `verifyArchive` has checked, in order, without the manifest. */
export async function* archiveRecords(file: string): AsyncGenerator<unknown> {
  let pending: string | null = null;
  for await (const line of rawLines(file)) {
    if (pending !== null) yield JSON.parse(pending) as unknown;
    pending = line;
  }
}
