import type { Page } from 'playwright-core';
import sharp from 'sharp';
import request from 'supertest';
import type { ContentPart } from '../../src/shared/content-pages';
import { SNOWFALL_TEXTS } from '../../src/shared/snowfall';
import { MODAL_TEXTS } from '../../web/src/features/modal/modalTexts';
import { XSS_PAYLOADS } from '../fixtures/xss-corpus';
import { adminCookie, sameOrigin } from '../api/http';
import { startTestServer, type TestServer } from '../support/server';
import { expectAccessible, expectPartAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { scriptTracesIn } from './script-traces';
import { waitForText, whileFailing, withMotion } from './shop-steps';

/** Boxing Day in London (GMT), inside the snow's dates; the day after is not. */
const SNOW_DAY = new Date('2026-12-26T12:00:00.000Z');
const DAY_AFTER = new Date('2026-12-27T00:30:00.000Z');
const TERMS = '<p>Pay at the counter when you collect.</p>';

/**
 * Issue 39 items 5 and 6 in a visitor's browser: the snowfall part snows only on the shop's chosen London dates
 * (the browser's clock, page.clock), never with reduced motion, and says so when its dates or its pictures cannot
 * be fetched; a link marked to open in the pop-up loads this site's page into it, clears it when closed, refuses
 * another site, and no payload of the XSS corpus runs through it.
 */
describe('the snowfall and the pop-up of a marked link', () => {
  let server: TestServer;
  let visitor: BrowserSession;
  let page: Page;
  const dialogs: string[] = [];

  beforeAll(async () => {
    [server, visitor] = await Promise.all([startTestServer({ withWeb: true }), launchBrowser()]);
    page = visitor.page;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss().catch(() => undefined);
    });
    const admin = await adminCookie(server);
    const call = (method: 'post' | 'get', path: string) => request(server.baseUrl)[method](path).set(sameOrigin(server)).set('Cookie', admin);
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.9 } } }).png().toBuffer();
    await call('post', '/api/media').field('size', String(png.length)).attach('file', png, { filename: 'snowflake.png', contentType: 'image/png' }).expect(200);
    await call('post', '/api/settings/update').send({ settings: { snowfall_dates: [{ from: '2026-12-24', to: '2026-12-26' }] } }).expect(200);

    const textOf = async (slug: string, html: string) => {
      const part = (await call('post', `/api/pages/${slug}/parts`).send({ kind: 'text' }).expect(200)).body as ContentPart;
      const saved = await call('post', '/api/ipe_save').send({ ipe_type: 'pagepart', container_type: 'page', container: slug, part_id: part.part_id, comp_id: part.comp_id, content: html }).expect(200);
      expect(saved.body).toMatchObject({ status: true, original: html });
    };
    await call('post', '/api/pages').send({ slug: 'terms', title: 'Terms', description: '' }).expect(200);
    await textOf('terms', TERMS);
    await call('post', '/api/pages').send({ slug: 'winter', title: 'Winter', description: 'Snow at Christmas' }).expect(200);
    const snow = (await call('post', '/api/pages/winter/parts').send({ kind: 'snowfall' }).expect(200)).body as ContentPart;
    await call('post', `/api/pages/winter/parts/${snow.part_id}/settings`).send({ props: { speed: 'snowstorm', density: 'light' } }).expect(200);
    await textOf(
      'winter',
      '<p><a href="/api/pages/terms/fragment" data-modal="success" rel="noopener noreferrer">Our terms</a> <a href="https://elsewhere.example/terms" data-modal="error" rel="noopener noreferrer">Their terms</a> <a href="/hostile-fragment" data-modal="plain" rel="noopener noreferrer">Hostile</a></p>',
    );
    for (const slug of ['terms', 'winter']) await call('post', `/api/pages/${slug}/publish`).expect(200);
    await page.clock.install({ time: SNOW_DAY });
  }, 180_000);
  afterAll(async () => {
    await visitor?.close();
    await server?.stop();
  });

  const snowfall = () => page.getByTestId('snowfall');
  /** Visits the page and waits for the snowfall part to decide, in the browser: by then the page has hydrated. */
  const visitWinter = async (state: string) => {
    await page.goto(`${server.baseUrl}/winter`);
    await page.locator(`[data-testid="snowfall"][data-state="${state}"]`).waitFor({ state: 'attached' });
  };

  it('snows on a chosen date, as the part says, out of the way; not the day after, nor with reduced motion', async () => {
    await withMotion(page);
    await visitWinter('snowing');
    // Snowstorm: 3 + 10 * (1 - 90/100) = 4 s; light: 75 flakes of the library's snowflake, decorative.
    expect(await snowfall().getAttribute('data-drop-seconds')).toBe('4');
    expect(await snowfall().getAttribute('aria-hidden')).toBe('true');
    const flakes = snowfall().locator('img');
    expect(await flakes.count()).toBe(75);
    expect(await flakes.first().getAttribute('alt')).toBe('');
    expect(await flakes.first().getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]{32}-[1-9]\d*\.webp$/);
    expect(await snowfall().evaluate((element) => (globalThis as unknown as { getComputedStyle(e: unknown): { position: string; pointerEvents: string } }).getComputedStyle(element))).toMatchObject({ position: 'fixed', pointerEvents: 'none' });
    // Over the text, the snow takes no click: the link under it still opens.
    await page.getByRole('link', { name: 'Our terms' }).click();
    await page.getByTestId('link-modal').getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('link-modal').waitFor({ state: 'detached' });

    await page.clock.setSystemTime(DAY_AFTER);
    await visitWinter('not-today');
    expect(await snowfall().locator('img').count()).toBe(0);

    await page.clock.setSystemTime(SNOW_DAY);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await visitWinter('still');
    expect(await snowfall().locator('img').count()).toBe(0);
    await expectAccessible(page, 'content-page');
  }, 60_000);

  it('says when the snow dates or the snowflake pictures cannot be fetched, and shows no snow', async () => {
    await withMotion(page);
    const dialog = page.getByTestId('app-dialog');
    const fail = (route: Parameters<Parameters<Page['route']>[1]>[0]) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":false,"message":"Down"}' });
    for (const [path, message] of [
      ['/api/settings/snowfall_dates', SNOWFALL_TEXTS.datesFailed],
      ['/snowflakeImages', SNOWFALL_TEXTS.imagesFailed],
    ] as const) {
      await whileFailing(page, path, fail, async () => {
        await visitWinter('failed');
        await waitForText(dialog.getByTestId('app-dialog-message'), message);
        expect(await dialog.getAttribute('data-look')).toBe('error');
      });
      expect(await snowfall().locator('img').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  }, 60_000);

  it("opens a marked link's page in the pop-up with its look, clears it when closed, and refuses another site", async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Until the page has come to life (hydrated) a click follows the link as any link: the snowfall's state says it has.
    await visitWinter('still');
    const modal = page.getByTestId('link-modal');
    const body = page.getByTestId('link-modal-body');
    const loads: string[] = [];
    page.on('request', (sent) => {
      if (/fragment|elsewhere/.test(sent.url())) loads.push(new URL(sent.url()).href.replace(server.baseUrl, ''));
    });

    await page.getByRole('link', { name: 'Our terms' }).click();
    await waitForText(body, 'Pay at the counter when you collect.');
    expect(await body.locator('.rich-text').innerHTML()).toBe(TERMS);
    expect(await modal.getAttribute('data-look')).toBe('success');
    expect(await modal.getByRole('heading', { name: 'Our terms' }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/winter');
    await expectPartAccessible(page, '[data-testid="link-modal"]');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await body.count()).toBe(0);
    // Opened again, it asks again: nothing of the last showing is kept.
    await page.getByRole('link', { name: 'Our terms' }).click();
    await waitForText(body, 'Pay at the counter when you collect.');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Their terms' }).click();
    await waitForText(body, MODAL_TEXTS.otherSite);
    expect(await modal.getAttribute('data-look')).toBe('error');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(loads).toEqual(['/api/pages/terms/fragment', '/api/pages/terms/fragment']);
    expect(new URL(page.url()).pathname).toBe('/winter');
  }, 60_000);

  it('runs none of the XSS corpus answered to the pop-up, raw, by an address of this site', async () => {
    await page.route('**/hostile-fragment', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: XSS_PAYLOADS.join('\n') }));
    await visitWinter('still');
    await page.getByRole('link', { name: 'Hostile' }).click();
    const body = page.locator('[data-testid="link-modal-body"][aria-busy="false"]');
    await body.waitFor();
    expect(await body.locator('.rich-text').count()).toBe(1);
    expect(await scriptTracesIn(page, '[data-testid="link-modal-body"]')).toEqual([]);
    expect(await page.locator('[data-testid="link-modal-body"] img').count()).toBe(0);
    expect(dialogs).toEqual([]);
  }, 60_000);

  it("lets an admin mark a link in the editor to open in a red pop-up, which it then does", async () => {
    // Last of the file: the visitor's browser signs in as the admin (the session's cookie, not the login page's round).
    const cookies = (await adminCookie(server)).split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), url: server.baseUrl };
    });
    await visitor.context.addCookies(cookies);
    {
      const office = page;
      await office.goto(`${server.baseUrl}/terms`);
      await office.getByRole('button', { name: 'Edit the text part 1' }).click();
      const editor = office.getByRole('textbox', { name: 'the text part 1' });
      await editor.waitFor();
      await editor.click();
      await office.keyboard.press('Control+A');
      await office.getByRole('button', { name: 'Link', exact: true }).click();
      await office.getByRole('textbox', { name: 'Link address' }).fill('/api/pages/winter/fragment');
      await office.getByRole('button', { name: 'Apply link' }).click();
      await office.getByRole('combobox', { name: 'Where the link opens' }).selectOption('error');
      const [saved] = await Promise.all([office.waitForResponse((answer) => answer.url().endsWith('/api/ipe_save')), office.getByRole('button', { name: 'Save the text part 1' }).click()]);
      expect((await saved.json()) as object).toMatchObject({ status: true, message: '', original: expect.stringMatching(/^<p><a [^>]*data-modal="error" href="\/api\/pages\/winter\/fragment">Pay at the counter when you collect\.<\/a><\/p>$/) });
      await office.locator('[data-editing="false"]').waitFor();
      await office.getByRole('link', { name: 'Pay at the counter when you collect.' }).click();
      const modal = office.getByTestId('link-modal');
      await modal.getByTestId('link-modal-body').getByRole('link', { name: 'Our terms' }).waitFor();
      expect(await modal.getAttribute('data-look')).toBe('error');
    }
  }, 60_000);
});
