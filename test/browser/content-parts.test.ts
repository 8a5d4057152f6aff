import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type { ContentPage } from '../../src/shared/content-pages';
import type { MediaImage } from '../../src/shared/media';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { expectAccessible, expectPartAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';
import { answerTo, pauseClock, waitForText, withMotion } from './shop-steps';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SLUG = 'our-food';

/** How many columns a grid's items stand in: their distinct left offsets. */
async function columnsOf(items: Locator): Promise<number> {
  const lefts = await items.evaluateAll((nodes) => nodes.map((node) => Math.round((node as unknown as { getBoundingClientRect(): { left: number } }).getBoundingClientRect().left)));
  return new Set(lefts).size;
}

/** The slide the slideshow shows: its indicator's name ('Slide 2 of 3'). */
const currentSlide = (page: Page) => page.getByTestId('slideshow').locator('button[aria-current="true"]').getAttribute('aria-label');

/**
 * Issue 39 item 1 in the browser: an admin builds a page of a gallery, a slideshow and a video gallery from three
 * uploaded pictures, previews the draft and publishes it; a visitor sees the gallery's columns on a phone and a
 * desktop, the slideshow moving by its pace (and not under reduced motion), a video's player only after Play,
 * and a long gallery loading as its bottom scrolls into view.
 */
describe('gallery, slideshow and video gallery parts in the browser', () => {
  let server: TestServer;
  let admin: BrowserSession;
  let visitor: BrowserSession;
  let images: MediaImage[];

  beforeAll(async () => {
    [server, admin, visitor] = await Promise.all([startTestServer({ withWeb: true }), launchBrowser(), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await admin?.close();
    await visitor?.close();
    await server?.stop();
  });

  const headers = () => ({ 'X-Requested-With': 'fetch', Origin: server.baseUrl });

  it('lets an admin build a page of the three parts from uploaded pictures, preview the draft and publish it', async () => {
    const { page } = admin;
    // Signed in through the API (the live orders screen a sign-in lands on is another suite's).
    expect((await page.request.post(`${server.baseUrl}/api/login`, { headers: headers(), data: server.admin })).status()).toBe(200);
    const colours = [
      { name: 'dining-room', background: { r: 120, g: 40, b: 30 }, alt: 'Our dining room' },
      { name: 'tandoor', background: { r: 30, g: 90, b: 60 }, alt: 'The tandoor oven' },
      { name: 'dosa', background: { r: 200, g: 160, b: 40 }, alt: '' },
    ];
    images = [];
    for (const picture of colours) {
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: picture.background } }).png().toBuffer();
      const uploaded = await page.request.post(`${server.baseUrl}/api/media`, {
        headers: headers(),
        multipart: { size: String(png.length), file: { name: `${picture.name}.png`, mimeType: 'image/png', buffer: png } },
      });
      expect(uploaded.status()).toBe(200);
      let image = (await uploaded.json()) as MediaImage;
      if (picture.alt) image = (await (await page.request.patch(`${server.baseUrl}/api/media/${image.id}`, { headers: headers(), data: { alt: picture.alt } })).json()) as MediaImage;
      images.push(image);
    }
    expect((await page.request.post(`${server.baseUrl}/api/pages`, { headers: headers(), data: { slug: SLUG, title: 'Our food', description: 'Pictures of our kitchen and our dishes.' } })).status()).toBe(200);

    await page.goto(`${server.baseUrl}/${SLUG}`);
    const bar = page.getByTestId('page-admin-bar');
    for (const kind of ['gallery', 'slideshow', 'video-gallery']) {
      await bar.getByRole('combobox', { name: 'Kind of part to add' }).selectOption(kind);
      await Promise.all([answerTo(page, `/api/pages/${SLUG}/parts`), bar.getByRole('button', { name: 'Add part' }).click()]);
    }
    await until(async () => (await page.getByTestId('content-part').count()) === 3, 'the three parts');

    // The gallery: three pictures from the library; the one without alt text is refused until it has some.
    await page.getByRole('button', { name: 'Settings of the gallery part 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings of the gallery part 1' });
    for (const name of ['dining-room', 'tandoor', 'dosa']) await dialog.getByRole('button', { name: `Add ${name}` }).click();
    await dialog.getByRole('button', { name: 'Save the settings of the gallery part 1' }).click();
    await waitForText(dialog.getByRole('alert'), 'Describe picture 3 for people who cannot see it (its alt text).');
    await dialog.getByLabel('Alt text of picture 3').fill('A plate of dosa');
    await dialog.getByLabel('Caption of picture 1').fill('Where you eat');
    await dialog.getByRole('button', { name: 'Move picture 3 up' }).click();
    await expectPartAccessible(page, '.modal-dialog');
    expect(await dialog.getByLabel('Alt text of picture 2').inputValue()).toBe('A plate of dosa');
    await Promise.all([answerTo(page, '/settings'), dialog.getByRole('button', { name: 'Save the settings of the gallery part 1' }).click()]);
    await dialog.waitFor({ state: 'detached' });
    const gallery = page.getByTestId('gallery');
    await until(async () => (await gallery.locator('img').count()) === 3, "the gallery's three pictures");
    expect(await gallery.locator('img').evaluateAll((nodes) => nodes.map((node) => (node as unknown as { alt: string }).alt))).toEqual(['Our dining room', 'A plate of dosa', 'The tandoor oven']);

    // The slideshow: fast (3 s a slide), its three slides.
    await page.getByRole('button', { name: 'Settings of the slideshow part 2' }).click();
    const slideshow = page.getByRole('dialog', { name: 'Settings of the slideshow part 2' });
    await slideshow.getByLabel('Pace').selectOption('fast');
    await slideshow.getByLabel('Shape').selectOption('16:9');
    for (const name of ['dining-room', 'tandoor', 'dosa']) await slideshow.getByRole('button', { name: `Add ${name}` }).click();
    await slideshow.getByLabel('Alt text of slide 3').fill('A plate of dosa');
    await slideshow.getByLabel('Caption of slide 2').fill('Bread from the tandoor');
    await Promise.all([answerTo(page, '/settings'), slideshow.getByRole('button', { name: 'Save the settings of the slideshow part 2' }).click()]);
    await slideshow.waitFor({ state: 'detached' });

    // The video gallery: a host the policy does not allow is the server's refusal, shown in the dialog; a path of
    // this shop is allowed (a stored photo, which our own pages may frame).
    await page.getByRole('button', { name: 'Settings of the video gallery part 3' }).click();
    const videos = page.getByRole('dialog', { name: 'Settings of the video gallery part 3' });
    await videos.getByRole('button', { name: 'Add a video' }).click();
    await videos.getByRole('button', { name: 'Poster of video 1: tandoor' }).click();
    await videos.getByLabel('Title of video 1').fill('Our kitchen at work');
    await videos.getByLabel('Tag of video 1').fill('Kitchen');
    await videos.getByLabel('Player address of video 1').fill('https://videos.elsewhere.example/watch?v=1');
    await videos.getByRole('button', { name: 'Save the settings of the video gallery part 3' }).click();
    const refusal = page.getByRole('dialog', { name: 'Not saved' });
    await refusal.waitFor();
    expect(await refusal.getByTestId('app-dialog-message').textContent()).toContain('must be a YouTube (youtube-nocookie.com/embed) or Vimeo (player.vimeo.com/video) player, or a path of this shop');
    await refusal.getByRole('button', { name: 'Close' }).click();
    await refusal.waitFor({ state: 'detached' });
    await videos.getByLabel('Player address of video 1').fill(images[2].url);
    await Promise.all([answerTo(page, '/settings'), videos.getByRole('button', { name: 'Save the settings of the video gallery part 3' }).click()]);
    await videos.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Play Our kitchen at work' }).waitFor();

    // The draft is the admin's preview; a visitor gets 404 until it is published.
    expect((await visitor.page.goto(`${server.baseUrl}/${SLUG}`))?.status()).toBe(404);
    await Promise.all([answerTo(page, `/api/pages/${SLUG}/publish`), bar.getByRole('button', { name: 'Publish' }).click()]);
    await waitForText(bar.getByTestId('page-status'), 'Published');
  }, 60_000);

  it("shows a visitor the gallery's columns on a phone and a desktop, and a video's player only after Play", async () => {
    const { page } = visitor;
    for (const [viewport, columns] of [[PHONE, 2], [DESKTOP, 3]] as const) {
      await page.setViewportSize(viewport);
      expect((await page.goto(`${server.baseUrl}/${SLUG}`))?.status()).toBe(200);
      // Laid out by CSS from the server's render: the right columns before any script has run.
      expect({ viewport, columns: await columnsOf(page.getByTestId('gallery').locator('li')) }).toEqual({ viewport, columns });
    }
    const play = page.getByRole('button', { name: 'Play Our kitchen at work' });
    expect(await play.locator('img').getAttribute('src')).toBe(images[1].url.replace(/-\d+\.webp$/, '-640.webp'));
    expect(await page.getByTestId('video-player').count()).toBe(0);
    await play.click();
    const player = page.getByTestId('video-player');
    expect(await player.getAttribute('src')).toBe(images[2].url);
    expect(await player.getAttribute('title')).toBe('Our kitchen at work');
    // The framed file loads (our policy lets our own page frame a stored photo).
    await page.frameLocator('[data-testid="video-player"]').locator('img').waitFor();
    await expectAccessible(page, 'slideshow');
  }, 60_000);

  it("loads a long gallery's pictures as its bottom scrolls into view", async () => {
    const request = admin.page.request;
    const part = (await (await request.post(`${server.baseUrl}/api/pages/${SLUG}/parts`, { headers: headers(), data: { kind: 'gallery' } })).json()) as ContentPage['parts'][number];
    const many = Array.from({ length: 14 }, (_, at) => ({ pic: images[at % 3].url, alt: `Picture ${at + 1}`, caption: '', ratio: '3:4' }));
    const saved = await request.post(`${server.baseUrl}/api/pages/${SLUG}/parts/${part.part_id}/settings`, { headers: headers(), data: { props: { columns: 1, images: many } } });
    expect(saved.status()).toBe(200);
    const { page } = visitor;
    await page.goto(`${server.baseUrl}/${SLUG}`);
    const long = page.locator(`[data-part-id="${part.part_id}"]`);
    const shown = () => long.getByTestId('gallery').locator('li').count();
    const bottom = long.getByTestId('gallery-more');
    await bottom.waitFor({ state: 'attached' });
    expect(await shown()).toBe(6);
    await bottom.scrollIntoViewIfNeeded();
    await until(async () => (await shown()) >= 12, 'a second batch');
    await bottom.scrollIntoViewIfNeeded();
    await until(async () => (await shown()) === 14, 'the whole gallery');
    expect(await bottom.count()).toBe(0);
    const remove = await request.delete(`${server.baseUrl}/api/pages/${SLUG}/parts/${part.part_id}`, { headers: headers() });
    expect(remove.status()).toBe(200);
  }, 60_000);

  it("plays a hosted video on a page reached by a link inside the app, once the page has come with the content pages' policy", async () => {
    const request = admin.page.request;
    const part = (await (await request.post(`${server.baseUrl}/api/pages/about/parts`, { headers: headers(), data: { kind: 'video-gallery' } })).json()) as ContentPage['parts'][number];
    const youtube = 'https://www.youtube-nocookie.com/embed/abcdefghijk';
    const video = { title: 'A tour of the kitchen', href: youtube, ratio: '16:9', tag: '', poster: images[0].url };
    expect((await request.post(`${server.baseUrl}/api/pages/about/parts/${part.part_id}/settings`, { headers: headers(), data: { props: { videos: [video] } } })).status()).toBe(200);
    const { page } = visitor;
    // No request leaves for YouTube from the test: the frame's address is what is checked.
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' }));
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: 'About us' }).click();
    await page.waitForURL(`${server.baseUrl}/about`);
    // Still the menu's document and policy: Play loads /about afresh, and the video plays there.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Play A tour of the kitchen' }).click()]);
    const player = page.getByTestId('video-player');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe(youtube);
    expect(await page.evaluate('new URL(performance.getEntriesByType("navigation")[0].name).pathname')).toBe('/about');
    await page.frameLocator('[data-testid="video-player"]').locator('title').waitFor({ state: 'attached' });
    await page.unroute('https://www.youtube-nocookie.com/**');
    expect((await request.delete(`${server.baseUrl}/api/pages/about/parts/${part.part_id}`, { headers: headers() })).status()).toBe(200);
  }, 60_000);

  it('moves the slideshow on by its pace, stops it for reduced motion, and keeps its controls', async () => {
    const { page } = visitor;
    await page.goto(`${server.baseUrl}/${SLUG}`);
    const slideshow = page.getByTestId('slideshow');
    // The server renders it playing; the browser, asked for reduced motion (the context's), stops it once it runs.
    await page.locator('[data-testid="slideshow"][data-playing="false"]').waitFor();
    await page.clock.install();
    await withMotion(page);
    await page.locator('[data-testid="slideshow"][data-playing="true"]').waitFor();
    await pauseClock(page);
    expect(await currentSlide(page)).toBe('Slide 1 of 3');
    // Fast: 3 s a slide (the pause above moved the clock 0.5 s on).
    await page.clock.runFor(2_000);
    expect(await currentSlide(page)).toBe('Slide 1 of 3');
    await page.clock.runFor(1_000);
    await until(async () => (await currentSlide(page)) === 'Slide 2 of 3', 'the second slide');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.locator('[data-testid="slideshow"][data-playing="false"]').waitFor();
    expect(await page.getByRole('button', { name: 'Pause the slideshow' }).count()).toBe(0);
    await page.clock.runFor(10_000);
    expect(await currentSlide(page)).toBe('Slide 2 of 3');
    await slideshow.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await until(async () => (await currentSlide(page)) === 'Slide 3 of 3', 'the third slide');
  }, 60_000);
});
