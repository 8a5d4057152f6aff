import request from 'supertest';
import { FIRST_SCREEN_DATA_ID, type FirstScreenEntry } from '../../src/shared/first-screen';
import { firstShownDishes, type MenuView } from '../../src/shared/menu';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import type { ContentPage } from '../../src/shared/content-pages';
import { adminCookie, managerAndStaffCookies, sameOrigin } from './http';

const HOSTILE_NAME = 'Curry </div><script>alert("x")</script> & Co';

/** The markup inside #root, and the answers the page carries for the browser's first render. */
function firstScreenOf(html: string): { root: string; entries: FirstScreenEntry[] } {
  const root = /<div id="root">(.*?)<\/div>\s*<script type="application\/json" id="first-screen-data">/s.exec(html)?.[1] ?? '';
  const data = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">(.*?)</script>`, 's').exec(html)?.[1];
  return { root, entries: data === undefined ? [] : (JSON.parse(data) as FirstScreenEntry[]) };
}

/**
 * Issue 32 item 5: the menu's and /about's HTML carry their first screen, rendered on the server by the web app's
 * own components from the read models the API answers from, with every text from the settings and the menu
 * escaped, and a change in them in the very next page.
 */
describe('the first screen in the HTML the server sends', () => {
  let server: TestServer;
  let manager: string;
  // A Monday evening in the default hours (17:00-23:00).
  const clock = testClock('2026-11-30T20:00:00.000Z');
  const page = async (path: string) => (await request(server.baseUrl).get(path).expect(200)).text;
  const post = (path: string, body: object) => request(server.baseUrl).post(path).set(sameOrigin(server)).set('Cookie', manager).send(body).expect(200);

  beforeAll(async () => {
    server = await startTestServer({ withWeb: true, clock });
    ({ manager } = await managerAndStaffCookies(server));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("holds the shop's name, its brand line and the first dishes as the menu answers them, escaped", async () => {
    await post('/api/settings/update', { settings: { site_name: HOSTILE_NAME, site_tagline: 'Hot <em>food</em>' } });
    const html = await page('/');
    const { root, entries } = firstScreenOf(html);
    expect(html).toContain('<body class="shop-themed">');
    expect(root).toContain('data-testid="brand-header"');
    expect(root).toContain('Curry &lt;/div&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(root).toContain('Hot &lt;em&gt;food&lt;/em&gt;');
    expect(root).toContain('href="tel:01134960000"');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<em>food');

    const menu = (await request(server.baseUrl).get('/api/menu').expect(200)).body as MenuView;
    for (const dish of firstShownDishes(menu, 5)) {
      expect(root).toContain(`id="dish-${dish.id}"`);
      expect(root).toContain(`>${dish.name.replace(/&/g, '&amp;')}</a>`);
    }
    expect(root).toContain('Add to Cart');
    // A screen's worth, whatever the menu's size: the rest is the browser's to render (the server's work is bounded).
    expect(root.match(/data-testid="product-card"/g)).toHaveLength(6);
    // The answers it was rendered from, for the browser: the menu and the settings, as their routes answer them.
    const answer = (endpointName: string) => entries.find((entry) => entry.endpointName === endpointName)?.value;
    expect(answer('getMenu')).toEqual({ categories: menu.categories, products: menu.products });
    expect(answer('getSettings')).toMatchObject({ site_name: HOSTILE_NAME });
    expect(answer('me')).toBeNull();
    // No preload of the menu the page already carries; its script, needed only to act, after what paints.
    expect(html).not.toContain('href="/api/menu"');
    expect(html).toMatch(/<script type="module" fetchpriority="low" [^>]*src="\/assets\//);
    expect(html).not.toMatch(/<link rel="modulepreload" (?!fetchpriority="low")/);
  });

  it('shows a changed dish in the next page, and renders /about with its text', async () => {
    const [first] = firstShownDishes((await request(server.baseUrl).get('/api/menu').expect(200)).body as MenuView, 1);
    const editable = (await request(server.baseUrl).get('/api/catalogue').set('Cookie', manager).expect(200)).body as { products: Array<Record<string, unknown>> };
    const dish = editable.products.find((product) => product.id === first.id)!;
    const fields = ['category_id', 'short_desc', 'description', 'price', 'image', 'virtual', 'vat_rate', 'allergens', 'allergens_declared', 'vegetarian', 'vegan', 'spice'];
    await post(`/api/catalogue/dishes/${first.id}`, { ...Object.fromEntries(fields.map((field) => [field, dish[field]])), name: 'Renamed <Bhaji>' });
    expect(firstScreenOf(await page('/')).root).toContain('>Renamed &lt;Bhaji&gt;</a>');

    // The about text is the page's own part (issue 39), saved in place by an admin and cleaned on the way in.
    const admin = await adminCookie(server);
    const aboutPage = (await request(server.baseUrl).get('/api/pages/about').expect(200)).body as ContentPage;
    const part = aboutPage.parts.find((one) => one.container_type === 'page' && one.kind === 'text')!;
    await request(server.baseUrl).post('/api/ipe_save').set(sameOrigin(server)).set('Cookie', admin).type('form')
      .send({ ipe_type: 'pagepart', container_type: 'page', container: 'about', part_id: part.part_id, comp_id: part.comp_id, content: '<p>First <b>paragraph</b>.<script>alert(1)</script></p><p>Second one.</p>' })
      .expect(200);
    const aboutScreen = firstScreenOf(await page('/about'));
    const about = aboutScreen.root;
    expect(about).toContain('data-testid="about"');
    // Its parts read no menu, so the page carries none (a page with a dish part does: content-dish-parts.test.ts).
    expect(aboutScreen.entries.map((entry) => entry.endpointName)).not.toContain('getMenu');
    expect(about).toContain('<p>First <b>paragraph</b>.</p><p>Second one.</p>');
    expect(about).not.toContain('alert(1)');
  });

  it('carries the banner, a closing notice too, so that neither arrives after the menu and pushes it down', async () => {
    const evening = firstScreenOf(await page('/'));
    expect(evening.root).toContain('data-testid="store-status-text"');
    expect(evening.root).not.toContain('Closing in');

    clock.set('2026-11-30T22:50:00.000Z');
    const closing = firstScreenOf(await page('/'));
    expect(closing.root).toContain('--- Closing in approx. 10 minutes ---');
    // As the browser makes it from the three routes.
    const text = (await request(server.baseUrl).get('/store-status').expect(200)).text;
    const banner = closing.entries.find((entry) => entry.endpointName === 'storeStatus')?.value;
    expect(banner).toEqual({ text, state: 'open', closingNotice: '--- Closing in approx. 10 minutes ---' });
    clock.set('2026-11-30T20:00:00.000Z');
  });

  it('leaves other pages to the browser', async () => {
    const other = await page('/manageCart');
    expect(other).toContain('<div id="root"></div>');
    // Painted by the script, which it then needs at once.
    expect(other).not.toContain('fetchpriority="low"');
  });
});
