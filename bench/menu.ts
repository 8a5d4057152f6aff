/**
 * menu-150 (issue 16 item 8): a real restaurant's menu, not the demo's 33 dishes. The shop starts empty
 * (DEMO_MENU=false); a manager signs in, uploads one photo and imports 150 dishes in 10 categories through the
 * menu CSV import, each dish with the photo (so its srcset of stored widths), allergens and dietary tags, and two
 * or three variants with allergens of their own; every dish and variant gets stock, some below 5 ('Only N left').
 * Then GET /api/menu on 32 keep-alive connections, as JSON and as browsers ask for it (brotli or gzip).
 */
import http from 'node:http';
import sharp from 'sharp';
import { writeCsv } from '../src/csv';
import { MENU_CSV_COLUMNS } from '../modules/catalog';
import { ALLERGENS } from '../src/shared/allergens';
import { keepAliveAgent, Latencies, type Browser } from './http';
import { describeLatencies, startBenchShop, type BenchShop } from './shop';
import { percentile, throughput, withCpuLog } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

const CONNECTIONS = 32;
const CATEGORIES = 10;
const DISHES_PER_CATEGORY = 15;
const MANAGER = { email: 'manager@bench.example', password: 'bench manager password' };

function timing(context: BenchContext) {
  return context.quick ? { durationMs: 1500, warmupMs: 500 } : { durationMs: 10_000, warmupMs: 1000 };
}

type Column = (typeof MENU_CSV_COLUMNS)[number];
const blank = Object.fromEntries(MENU_CSV_COLUMNS.map((column) => [column, ''])) as Record<Column, string | number>;

/** One category's rows: the category, its 15 dishes and their variants (one file each, under the body limit). */
function categoryFile(category: number, image: string): string {
  const name = `Category ${category + 1}`;
  const rows: Array<Record<Column, string | number>> = [{ ...blank, kind: 'category', name, hidden: 'no' }];
  for (let dish = 0; dish < DISHES_PER_CATEGORY; dish++) {
    const index = category * DISHES_PER_CATEGORY + dish;
    const dishName = `Dish ${index + 1}`;
    rows.push({
      ...blank,
      kind: 'dish',
      category: name,
      name: dishName,
      short_desc: 'Slow-cooked with whole spices and finished with fresh coriander',
      description: 'A house favourite: onions, garlic and ginger cooked down for hours, with a blend of roasted spices.\nServed with rice.',
      price_pence: 650 + (index % 12) * 50,
      vat_rate: index % 7 === 0 ? 'zero' : 'standard',
      virtual: 'no',
      status: 'active',
      allergens: [ALLERGENS[index % ALLERGENS.length], ALLERGENS[(index + 5) % ALLERGENS.length]].filter((allergen) => !['fish', 'crustaceans', 'molluscs', 'milk', 'eggs'].includes(allergen) || index % 3 !== 0).join('; '),
      vegetarian: index % 3 === 0 ? 'yes' : 'no',
      vegan: 'no',
      spice: index % 4,
      image,
    });
    for (let variant = 0; variant < 2 + (index % 2); variant++) {
      rows.push({
        ...blank,
        kind: 'variant',
        category: name,
        dish: dishName,
        name: ['Regular', 'Large', 'Family'][variant],
        price_pence: variant * 200,
        status: 'active',
        allergens: variant === 2 ? 'sesame' : '',
      });
    }
  }
  return writeCsv(MENU_CSV_COLUMNS, rows, { byteOrderMark: false });
}

/** POST /api/uploadImage as the editor sends it: a multipart form with the photo under `file`. */
async function uploadPhoto(bench: BenchShop, manager: Browser): Promise<string> {
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg({ quality: 80 }).toBuffer();
  const boundary = `bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dish.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: bench.target.host,
        port: bench.target.port,
        method: 'POST',
        path: '/api/uploadImage',
        headers: {
          ...bench.target.headers,
          Origin: bench.target.origin,
          'X-Requested-With': 'fetch',
          Cookie: manager.cookieHeader(),
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  if (answer.status !== 200) throw new Error(`the photo upload answered ${answer.status}: ${answer.text}`);
  return (JSON.parse(answer.text) as { filelink: string }).filelink;
}

/** Seeds the 150-dish menu through the manager's own calls; stock through the bench shop's stock handlers. */
async function seedMenu(context: BenchContext, bench: BenchShop): Promise<void> {
  const agent = keepAliveAgent(1);
  try {
    await bench.createUser({ ...MANAGER, role: 'manager' });
    const manager = bench.browser(agent);
    await manager.ok('/api/login', MANAGER);
    const image = await uploadPhoto(bench, manager);
    const started = performance.now();
    for (let category = 0; category < CATEGORIES; category++) {
      const answer = await manager.post<{ message: string; problems?: unknown[] }>('/api/catalogue/import', { csv: categoryFile(category, image), dry_run: false });
      if (answer.status !== 200) throw new Error(`the import of category ${category + 1} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    context.log(`menu-150: imported ${CATEGORIES * DISHES_PER_CATEGORY} dishes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    agent.destroy();
  }
  const products = await bench.menu();
  if (products.length !== CATEGORIES * DISHES_PER_CATEGORY) throw new Error(`the menu has ${products.length} dishes, not ${CATEGORIES * DISHES_PER_CATEGORY}`);
  await bench.setStock(products.flatMap((product) => product.variants.map((variant, index) => ({ productId: product.id, variantId: variant.id, units: (product.id * 7 + index) % 40 }))));
}

/** The answer's size in bytes, as sent with the given Accept-Encoding. */
function answerBytes(bench: BenchShop, encoding: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: bench.target.host, port: bench.target.port, path: '/api/menu', headers: { ...bench.target.headers, Accept: 'application/json', ...(encoding ? { 'Accept-Encoding': encoding } : {}) } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function menuReads(context: BenchContext, bench: BenchShop, label: string, headers: Record<string, string>): Promise<{ rate: number; p99: number }> {
  const agent = keepAliveAgent(CONNECTIONS);
  const window = Latencies.window(timing(context));
  try {
    const rate = await withCpuLog(context, `menu-150 (${label}, 32 connections)`, () =>
      throughput(CONNECTIONS, timing(context), () => {
        const browser = bench.browser(agent);
        return async () => {
          const answer = window.note('menu', await browser.get('/api/menu', { parse: false, headers }));
          if (answer.status !== 200) throw new Error(`GET /api/menu answered ${answer.status}`);
        };
      }),
    );
    context.log(`menu-150 ${label}: ${rate.toFixed(0)} menus/s; ${describeLatencies(window.get('menu'), percentile)}`);
    return { rate, p99: percentile(window.get('menu'), 99) };
  } finally {
    agent.destroy();
  }
}

export const menu150Benchmark: Benchmark = {
  name: 'menu-150',
  async run(context) {
    const bench = await startBenchShop(context, 'menu150', { DEMO_MENU: 'false' });
    try {
      await seedMenu(context, bench);
      const [plainBytes, brotliBytes] = [await answerBytes(bench, null), await answerBytes(bench, 'br, gzip')];
      const plain = await menuReads(context, bench, 'JSON', {});
      const brotli = await menuReads(context, bench, 'br', { 'Accept-Encoding': 'br, gzip' });
      const rows: BenchRow[] = [
        { name: 'menu-150: GET /api/menu, 32 connections', figure: plain.rate, unit: 'requests/s', target: '>= 2,000', pass: plain.rate >= 2000 },
        { name: 'menu-150: GET /api/menu, 32 connections p99', figure: plain.p99, unit: 'ms' },
        { name: 'menu-150: GET /api/menu br, 32 connections', figure: brotli.rate, unit: 'requests/s', target: '>= 2,000', pass: brotli.rate >= 2000 },
        { name: 'menu-150: GET /api/menu br, 32 connections p99', figure: brotli.p99, unit: 'ms' },
        { name: 'menu-150: the menu as JSON', figure: plainBytes / 1024, unit: 'KiB' },
        { name: 'menu-150: the menu with brotli', figure: brotliBytes / 1024, unit: 'KiB' },
      ];
      return rows;
    } finally {
      await bench.stop();
    }
  },
};
