import { sql } from 'slonik';
import request from 'supertest';
import { readCsv } from '../../src/csv';
import { MENU_CSV_COLUMNS } from '../../modules/catalog';
import { startTestServer, type TestServer } from '../support/server';
import { managerAndStaffCookies, sameOrigin } from './http';

type Cells = Record<(typeof MENU_CSV_COLUMNS)[number], string>;

/** Issue 16 item 5: the menu as a CSV file, exported and imported back by a manager. */
describe('menu CSV export and import', () => {
  let server: TestServer;
  let manager: string;
  let staff: string;

  const exportCsv = async (cookie = manager) => (await request(server.baseUrl).get('/api/catalogue/menu.csv').set('Cookie', cookie).expect(200)).text;
  const importCsv = (csv: string, dryRun = false, cookie = manager) =>
    request(server.baseUrl).post('/api/catalogue/import').set(sameOrigin(server)).set('Cookie', cookie).send({ csv, dry_run: dryRun });
  const menu = async () => (await request(server.baseUrl).get('/api/menu').expect(200)).body;
  const head = () => server.shop.store.headPosition();
  // Where the store is once the processes have done what earlier changes set off (a par level schedules its days):
  // what an import appends after this is the import's own.
  const settledHead = async () => (await server.shop.processes.runDue(), head());
  const header = MENU_CSV_COLUMNS.join(',');
  const blank = Object.fromEntries(MENU_CSV_COLUMNS.map((column) => [column, ''])) as Cells;
  const line = (cells: Partial<Cells>) => MENU_CSV_COLUMNS.map((column) => `"${{ ...blank, ...cells }[column].replaceAll('"', '""')}"`).join(',');
  const file = (...rows: Array<Partial<Cells>>) => [header, ...rows.map(line)].join('\r\n');
  const dish = (cells: Partial<Cells>): Partial<Cells> => ({
    kind: 'dish', category: 'Starters', short_desc: 'Crisp', description: 'Fried', price_pence: '450', vat_rate: 'standard', virtual: 'no', status: 'active',
    allergens: '', vegetarian: 'no', vegan: 'no', spice: '0', ...cells,
  });

  beforeAll(async () => {
    server = await startTestServer();
    ({ manager, staff } = await managerAndStaffCookies(server));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('exports every category, dish and variant, and importing the export back changes nothing', async () => {
    const exported = await exportCsv();
    const { records } = readCsv(exported, { columns: MENU_CSV_COLUMNS, maxRows: 10_000, maxBytes: 1_000_000 });
    const before = await menu();
    expect(records.filter((record) => record.cells.kind === 'category')).toHaveLength(before.categories.length);
    expect(records.filter((record) => record.cells.kind === 'dish')).toHaveLength(before.products.length);
    const variants = before.products.flatMap((product: { variants: unknown[] }) => product.variants);
    expect(records.filter((record) => record.cells.kind === 'variant')).toHaveLength(variants.length);
    expect(exported).toMatch(/\r\n1,Starters,,|category,1,,,Starters,/);

    const position = await settledHead();
    const answer = await importCsv(exported).expect(200);
    expect(answer.body).toMatchObject({ status: true, changes: 0, message: 'The file matches the menu: nothing to change' });
    expect(await head()).toBe(position);
    expect(await exportCsv()).toBe(exported);
  });

  it('adds a category, a dish with a variant, allergens and a par level; a re-run changes nothing', async () => {
    const csv = file(
      { kind: 'category', name: 'Specials', hidden: 'no' },
      dish({ category: 'Specials', name: 'Scallop Puri', price_pence: '595', allergens: 'crustaceans; gluten', spice: '2' }),
      { kind: 'variant', category: 'Specials', dish: 'Scallop Puri', name: 'Large', price_pence: '200', status: 'active', allergens: 'mustard', par_level: '12' },
    );
    const dry = await importCsv(csv, true).expect(200);
    expect(dry.body).toMatchObject({ status: true, applied: false, message: 'The file is fine: it makes 4 changes' });
    expect((await menu()).products.some((product: { name: string }) => product.name === 'Scallop Puri')).toBe(false);

    expect((await importCsv(csv).expect(200)).body).toMatchObject({ changes: 4, applied: true });
    const after = await menu();
    const specials = after.categories.find((category: { name: string }) => category.name === 'Specials');
    const puri = after.products.find((product: { name: string }) => product.name === 'Scallop Puri');
    expect(puri).toMatchObject({ category_id: specials.id, price: 595, allergens: ['crustaceans', 'gluten'], spice: 2, variants: [{ name: 'Large', incremental_price: 200, allergens: ['mustard'] }] });
    const stock = (await request(server.baseUrl).get('/api/stock').set('Cookie', manager).expect(200)).body.items;
    expect(stock.find((item: { productId: number }) => item.productId === puri.id)).toMatchObject({ variantId: puri.variants[0].id, parLevel: 12 });

    const position = await settledHead();
    expect((await importCsv(csv).expect(200)).body).toMatchObject({ changes: 0 });
    expect(await head()).toBe(position);
  });

  it('a file cut off half way and run again completes it, changing nothing already done', async () => {
    const first = dish({ name: 'Okra Pakora', price_pence: '350' });
    const second = dish({ name: 'Beetroot Tikki', price_pence: '525', vegetarian: 'yes', allergens: 'milk' });
    expect((await importCsv(file(first)).expect(200)).body.changes).toBe(1);
    expect((await importCsv(file(first, second)).expect(200)).body.changes).toBe(1);
    const names = (await menu()).products.map((product: { name: string }) => product.name);
    expect(names.filter((name: string) => name === 'Okra Pakora' || name === 'Beetroot Tikki')).toEqual(['Okra Pakora', 'Beetroot Tikki']);
  });

  it('an import stopped part-way through applying (the store refuses its fourth catalogue event), run again, ends with the whole file once', async () => {
    const csv = file(
      { kind: 'category', name: 'Street Food', hidden: 'no' },
      dish({ category: 'Street Food', name: 'Pani Puri', price_pence: '450', allergens: 'gluten' }),
      { kind: 'variant', category: 'Street Food', dish: 'Pani Puri', name: 'Six', price_pence: '0', status: 'active', par_level: '10' },
      { kind: 'variant', category: 'Street Food', dish: 'Pani Puri', name: 'Twelve', price_pence: '300', status: 'active', allergens: 'mustard', par_level: '6' },
      dish({ category: 'Street Food', name: 'Bhel Puri', price_pence: '495', allergens: 'peanuts', par_level: '8' }),
    );
    const planned = (await importCsv(csv, true).expect(200)).body.changes as number;
    // The database takes three catalogue events and refuses every one after: the import dies in its loop, as on a
    // crash or a lost connection, with the first rows applied and the rest not.
    await server.shop.pool.query(sql.unsafe`create sequence menu_import_budget`);
    await server.shop.pool.query(sql.unsafe`
      create function menu_import_cut_off() returns trigger language plpgsql as $$
      begin
        if (new.stream_name like 'catalog-%' or new.stream_name = 'categories-main') and nextval('menu_import_budget') > 3 then
          raise exception 'menu import cut off';
        end if;
        return new;
      end $$`);
    await server.shop.pool.query(sql.unsafe`create trigger menu_import_cut_off before insert on es_events for each row execute function menu_import_cut_off()`);
    try {
      const cut = await importCsv(csv);
      expect(cut.status).toBe(500);
    } finally {
      await server.shop.pool.query(sql.unsafe`drop trigger menu_import_cut_off on es_events`);
      await server.shop.pool.query(sql.unsafe`drop function menu_import_cut_off`);
      await server.shop.pool.query(sql.unsafe`drop sequence menu_import_budget`);
    }
    // The plan adds the category and the dishes before the variants: the variants and par levels are not done.
    const half = await menu();
    const halfCategory = half.categories.find((category: { name: string }) => category.name === 'Street Food');
    expect(half.products.filter((product: { category_id: number }) => product.category_id === halfCategory.id).map((product: { name: string; variants: Array<{ name: string }> }) => [product.name, product.variants.map((variant) => variant.name)])).toEqual([['Pani Puri', []], ['Bhel Puri', []]]);

    // The same file again: what was applied is found by name and left alone, the rest is done.
    const rerun = (await importCsv(csv).expect(200)).body.changes as number;
    expect(rerun).toBeGreaterThan(0);
    expect(rerun).toBeLessThan(planned);
    const whole = await menu();
    const streetFood = whole.categories.filter((category: { name: string }) => category.name === 'Street Food');
    expect(streetFood).toHaveLength(1);
    type Dish = { id: number; name: string; category_id: number; price: number; allergens: string[]; variants: Array<{ id: number; name: string; incremental_price: number; allergens: string[] }> };
    const dishes = (whole.products as Dish[]).filter((product) => product.category_id === streetFood[0].id);
    expect(dishes.map((product) => ({ name: product.name, price: product.price, allergens: product.allergens, variants: product.variants.map(({ name, incremental_price, allergens }) => ({ name, incremental_price, allergens })) }))).toEqual([
      { name: 'Pani Puri', price: 450, allergens: ['gluten'], variants: [{ name: 'Six', incremental_price: 0, allergens: [] }, { name: 'Twelve', incremental_price: 300, allergens: ['mustard'] }] },
      { name: 'Bhel Puri', price: 495, allergens: ['peanuts'], variants: [] },
    ]);
    const stock = (await request(server.baseUrl).get('/api/stock').set('Cookie', manager).expect(200)).body.items as Array<{ productId: number; variantId: number | null; parLevel: number | null }>;
    const parOf = (productId: number, variantId: number | null) => stock.find((item) => item.productId === productId && item.variantId === variantId)?.parLevel;
    expect([parOf(dishes[0].id, dishes[0].variants[0].id), parOf(dishes[0].id, dishes[0].variants[1].id), parOf(dishes[1].id, null)]).toEqual([10, 6, 8]);
    // And a third run finds nothing left to do.
    const position = await settledHead();
    expect((await importCsv(csv).expect(200)).body.changes).toBe(0);
    expect(await head()).toBe(position);
  });

  it('carries allergens declared, declared none and not declared out and back; a file without the column imports as not declared (issue 27)', async () => {
    const category = 'Allergen Check';
    const csv = file(
      { kind: 'category', name: category, hidden: 'no' },
      dish({ category, name: 'Tarka Dal', allergens: 'mustard' }),
      dish({ category, name: 'Plain Rice', allergens: 'none' }),
      dish({ category, name: 'Mystery Curry', allergens: '' }),
      dish({ category, name: 'Old Korma', allergens: 'milk; nuts; not declared' }),
      { kind: 'variant', category, dish: 'Plain Rice', name: 'Large', price_pence: '100', status: 'active', allergens: 'none' },
      { kind: 'variant', category, dish: 'Plain Rice', name: 'Small', price_pence: '0', status: 'active', allergens: '' },
    );
    await importCsv(csv).expect(200);
    type Facts = { name: string; allergens: string[]; allergens_declared: boolean };
    const checked = async () => {
      const { categories, products } = await menu();
      const id = categories.find((entry: { name: string }) => entry.name === category).id;
      return (products as Array<Facts & { category_id: number; variants: Facts[] }>)
        .filter((product) => product.category_id === id)
        .flatMap((product) => [product, ...product.variants].map(({ name, allergens, allergens_declared }) => [name, allergens, allergens_declared]));
    };
    expect(await checked()).toEqual([
      ['Tarka Dal', ['mustard'], true],
      ['Plain Rice', [], true],
      ['Large', [], true],
      ['Small', [], false],
      ['Mystery Curry', [], false],
      ['Old Korma', ['milk', 'nuts'], false],
    ]);
    const exported = await exportCsv();
    const cells = readCsv(exported, { columns: MENU_CSV_COLUMNS, maxRows: 10_000, maxBytes: 1_000_000 }).records.map((record) => record.cells);
    const cellOf = (name: string) => cells.find((row) => row.name === name && (row.category === category || row.dish === 'Plain Rice'))?.allergens;
    expect(['Tarka Dal', 'Plain Rice', 'Large', 'Small', 'Mystery Curry', 'Old Korma'].map(cellOf)).toEqual(['mustard', 'none', 'none', '', '', 'milk; nuts; not declared']);
    const position = await settledHead();
    expect((await importCsv(exported).expect(200)).body.changes).toBe(0);
    expect(await head()).toBe(position);

    // A file written before the column existed: its rows are not declared, whatever they were.
    const columns = MENU_CSV_COLUMNS.filter((column) => column !== 'allergens');
    const row = { ...blank, ...dish({ category, name: 'Tarka Dal' }) };
    await importCsv([columns.join(','), columns.map((column) => row[column]).join(',')].join('\r\n')).expect(200);
    expect((await checked())[0]).toEqual(['Tarka Dal', [], false]);
  });

  it('refuses the whole file when any row is bad, naming each row and column, and changes nothing', async () => {
    const csv = file(
      dish({ name: 'Good New Dish' }),
      dish({ name: 'Cheap', price_pence: '-5' }),
      dish({ name: 'Vegan Lassi', vegetarian: 'yes', vegan: 'yes', allergens: 'milk' }),
      dish({ name: 'Lost', category: 'Nowhere' }),
      dish({ name: 'Good New Dish', price_pence: '100' }),
      dish({ name: 'Odd', virtual: 'maybe', allergens: 'chocolate' }),
      { kind: 'variant', category: 'Starters', dish: 'Good New Dish', name: 'Small', price_pence: '-900', status: 'active' },
    );
    const position = await settledHead();
    const before = await exportCsv();
    const answer = await importCsv(csv).expect(400);
    expect(answer.body.status).toBe(false);
    expect(answer.body.message).toBe('The file has 7 problems; nothing was changed');
    expect(answer.body.problems).toEqual([
      { row: 3, column: 'price_pence', message: 'A price must be a whole number of pence, 0 or more' },
      { row: 4, column: 'vegan', message: 'A vegan dish cannot contain milk or eggs' },
      { row: 5, column: 'category', message: 'there is no category named Nowhere; add a category row for it' },
      { row: 6, column: 'name', message: 'row 2 is this dish already' },
      { row: 7, column: 'virtual', message: 'write yes or no' },
      { row: 7, column: 'allergens', message: expect.stringMatching(/^allergens are celery, gluten/) },
      { row: 8, column: 'price_pence', message: 'The variant Small would make the dish cost less than nothing' },
    ]);
    expect(await head()).toBe(position);
    expect(await exportCsv()).toBe(before);
  });

  it('refuses a file that is not the menu format, and one too large', async () => {
    const wrong = await importCsv('name,price\r\nDal,450\r\n').expect(400);
    expect(wrong.body.problems[0]).toMatchObject({ row: 1, column: null, message: expect.stringMatching(/^Row 1: the header does not match/) });
    const huge = file(...Array.from({ length: 1200 }, (_, index) => dish({ name: `Dish ${index}`, description: 'x'.repeat(80) })));
    const answer = await importCsv(huge);
    expect([400, 413]).toContain(answer.status);
  });

  it('neutralises a formula-looking name in the file and reads it back exactly', async () => {
    expect((await importCsv(file(dish({ name: '=HYPERLINK("http://evil.example")' }))).expect(200)).body.changes).toBe(1);
    const exported = await exportCsv();
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect((await menu()).products.some((product: { name: string }) => product.name === '=HYPERLINK("http://evil.example")')).toBe(true);
    expect((await importCsv(exported).expect(200)).body.changes).toBe(0);
  });

  it('carries a description as rich text cleaned against the one allow-list, out and back (issue 39)', async () => {
    const hostile = '<p onclick="steal()">Crisp <strong>and</strong> hot</p><script>alert(1)</script><img src=x onerror=alert(1)>';
    expect((await importCsv(file(dish({ name: 'Rich Bhaji', description: hostile }))).expect(200)).body.changes).toBe(1);
    const cleaned = '<p>Crisp <strong>and</strong> hot</p>';
    expect((await menu()).products.find((product: { name: string }) => product.name === 'Rich Bhaji').description).toBe(cleaned);
    const exported = await exportCsv();
    expect(exported).toContain(cleaned);
    expect(exported).not.toMatch(/<script|onerror|onclick/);
    expect((await importCsv(exported).expect(200)).body.changes).toBe(0);
  });

  it('is for managers only', async () => {
    await request(server.baseUrl).get('/api/catalogue/menu.csv').set('Cookie', staff).expect(403);
    await request(server.baseUrl).get('/api/catalogue/menu.csv').expect(401);
    const position = await settledHead();
    await importCsv(file(dish({ name: 'Sneaky' })), false, staff).expect(403);
    expect(await head()).toBe(position);
  });
});
