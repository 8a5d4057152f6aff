import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'slonik';
import sharp from 'sharp';
import request from 'supertest';
import { createPostgresEventStore } from '../../src/eventstore/postgres';
import { createUserRepository } from '../../src/identity/users';
import type { MediaImage } from '../../src/shared/media';
import { CONTENT_TEXTS, type ContentPage, type ContentPart } from '../../src/shared/content-pages';
import { RICH_TEXT_TEXTS } from '../../src/shared/rich-text-allow-list';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { adminCookie, cookieHeader, count, managerAndStaffCookies, sameOrigin } from './http';

/**
 * Issue 39: content pages made of parts, the in-place editor's `POST /api/ipe_save` and `/api/ipe_cancel` (staff
 * spec §3, §7, §8), every edit an event with its history and restore, drafts, and a dish's description as rich text.
 */
describe('content pages and the in-place editor', () => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let staff: string;
  let customer: string;

  beforeAll(async () => {
    server = await startTestServer();
    const signInCustomer = async () => {
      await createUserRepository(server.shop.pool).create({ email: 'diner@test.example', password: 'a customer password', role: 'customer' });
      return cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send({ email: 'diner@test.example', password: 'a customer password' }).expect(200));
    };
    [admin, { manager, staff }, customer] = await Promise.all([adminCookie(server), managerAndStaffCookies(server), signInCustomer()]);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const call = (method: 'get' | 'post' | 'patch' | 'delete', path: string, cookie?: string) => {
    const pending = request(server.baseUrl)[method](path).set(sameOrigin(server));
    return cookie ? pending.set('Cookie', cookie) : pending;
  };
  const page = async (slug: string, cookie?: string) => (await call('get', `/api/pages/${slug}`, cookie).expect(200)).body as ContentPage;
  const textPart = (of: ContentPage, containerType = 'page') => of.parts.find((part) => part.kind === 'text' && part.container_type === containerType)!;
  const ipe = (part: ContentPart) => ({ ipe_type: 'pagepart', container_type: part.container_type, container: part.container, part_id: part.part_id, comp_id: part.comp_id });

  it('seeds a published /about page with the brand tagline in its fixture and the about text as its text part', async () => {
    const about = await page('about');
    expect(about).toMatchObject({ slug: 'about', title: 'About us', status: 'published' });
    expect(about.parts.map(({ kind, container_type, container, position }) => ({ kind, container_type, container, position }))).toEqual([
      { kind: 'text', container_type: 'custom fixture', container: 'about-tagline', position: 1 },
      { kind: 'text', container_type: 'page', container: 'about', position: 1 },
    ]);
    expect(textPart(about, 'custom fixture').html).toBe('<p>Fresh Indian cooking from the heart of Leeds</p>');
    expect(textPart(about).html).toMatch(/^<p>.+<\/p>$/);
  });

  it('refuses every admin route to a guest, a customer, staff and a manager, and changes nothing', async () => {
    const about = await page('about');
    const part = textPart(about);
    const routes: Array<[method: 'get' | 'post' | 'patch' | 'delete', path: string, body?: object]> = [
      ['get', '/api/pages'],
      ['post', '/api/pages', { slug: 'mine', title: 'Mine', description: '' }],
      ['patch', '/api/pages/about', { title: 'Taken over' }],
      ['post', '/api/pages/about/publish'],
      ['post', '/api/pages/about/unpublish'],
      ['post', '/api/pages/about/parts', { kind: 'text' }],
      ['delete', `/api/pages/about/parts/${part.part_id}`],
      ['get', `/api/pages/about/parts/${part.part_id}/history`],
      ['post', `/api/pages/about/parts/${part.part_id}/restore`, { version: 1 }],
      ['post', '/api/ipe_save', { ...ipe(part), content: '<p>Defaced</p>' }],
      ['post', '/api/ipe_cancel', ipe(part)],
      ['post', '/api/ipe_save', { ipe_type: 'product', product_id: 1, content: '<p>Defaced</p>' }],
    ];
    const before = await count(server, 'es_events');
    const callers = [['guest', undefined, 401], ['customer', customer, 403], ['staff', staff, 403], ['manager', manager, 403]] as const;
    const answers = await Promise.all(
      callers.flatMap(([who, cookie, status]) =>
        routes.map(async ([method, path, body]) => ({ who, method, path, status: (await call(method, path, cookie).send(body ?? {})).status, wanted: status })),
      ),
    );
    expect(answers.filter((answer) => answer.status !== answer.wanted)).toEqual([]);
    expect(answers).toHaveLength(48);
    expect(await count(server, 'es_events')).toBe(before);
    expect(await page('about')).toEqual(about);
  });

  it('keeps a new page a draft, seen by admins only, until it is published', async () => {
    expect((await call('post', '/api/pages', admin).send({ slug: 'checkout', title: 'Mine', description: '' })).body.message).toBe(`slug: ${CONTENT_TEXTS.reserved}`);
    expect((await call('post', '/api/pages', admin).send({ slug: 'Our Story', title: 'Mine', description: '' })).status).toBe(400);
    expect((await call('post', '/api/pages', admin).send({ slug: 'story', title: 'Our story', description: 'Since 1999', extra: 1 })).status).toBe(400);
    const created = (await call('post', '/api/pages', admin).send({ slug: 'story', title: 'Our story', description: 'Since 1999' }).expect(200)).body as ContentPage;
    expect(created).toEqual({ slug: 'story', title: 'Our story', description: 'Since 1999', status: 'draft', parts: [] });
    expect((await call('post', '/api/pages', admin).send({ slug: 'story', title: 'Again', description: '' })).status).toBe(409);
    expect((await call('get', '/api/pages/story').expect(404)).body.message).toBe(CONTENT_TEXTS.noPage);
    await call('get', '/api/pages/story', manager).expect(404);
    expect((await page('story', admin)).status).toBe('draft');
    expect((await call('patch', '/api/pages/story', admin).send({ description: 'Family cooking since 1999' }).expect(200)).body).toMatchObject({ title: 'Our story', description: 'Family cooking since 1999' });
    expect((await call('post', '/api/pages/story/publish', admin).expect(200)).body.status).toBe('published');
    expect((await page('story')).title).toBe('Our story');
    expect((await call('get', '/api/pages', admin).expect(200)).body).toEqual([
      { slug: 'about', title: 'About us', status: 'published' },
      { slug: 'story', title: 'Our story', status: 'published' },
    ]);
    await call('post', '/api/pages/story/unpublish', admin).expect(200);
    await call('get', '/api/pages/story').expect(404);
    await call('post', '/api/pages/story/publish', admin).expect(200);
  });

  it("answers a page's own text as an HTML fragment for the pop-up, a draft only to admins (issue 39 item 5)", async () => {
    const about = await page('about');
    const fragment = await call('get', '/api/pages/about/fragment').expect(200);
    expect(fragment.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(fragment.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; frame-ancestors 'none'");
    // The page's own text, not the tagline fixture.
    expect(fragment.text).toBe(textPart(about).html);
    await call('post', '/api/pages', admin).send({ slug: 'secret-menu', title: 'Secret', description: '' }).expect(200);
    for (const cookie of [undefined, customer, manager]) expect((await call('get', '/api/pages/secret-menu/fragment', cookie).expect(404)).body).toEqual({ status: false, message: CONTENT_TEXTS.noPage });
    expect((await call('get', '/api/pages/secret-menu/fragment', admin).expect(200)).text).toBe('');
    for (const slug of ['no-such-page', 'Not%20A%20Slug', '..%2F..%2Fetc']) await call('get', `/api/pages/${slug}/fragment`).expect(404);
  });

  it('adds parts in order, refuses malformed ones, and removes a part only through its own page', async () => {
    const first = (await call('post', '/api/pages/story/parts', admin).send({ kind: 'text' }).expect(200)).body as ContentPart;
    const gallery = (await call('post', '/api/pages/story/parts', admin).send({ kind: 'gallery', after: first.part_id }).expect(200)).body as ContentPart;
    const last = (await call('post', '/api/pages/story/parts', admin).send({ kind: 'slideshow', after: undefined }).expect(200)).body as ContentPart;
    expect([first.position, gallery.position, last.position]).toEqual([1, 2, 3]);
    expect(first).toMatchObject({ container_type: 'page', container: 'story', html: '', props: {} });
    const footer = (await call('post', '/api/pages/story/parts', admin).send({ kind: 'text', container_type: 'footer' }).expect(200)).body as ContentPart;
    expect(footer).toMatchObject({ container_type: 'footer', container: 'site', position: 1 });
    expect((await page('about')).parts.map((part) => part.part_id)).toContain(footer.part_id);
    for (const bad of [{ kind: 'marquee' }, { kind: 'text', container_type: 'page', container: 'about' }, { kind: 'text', container_type: 'custom fixture' }, { kind: 'text', after: 'nope' }, { kind: 'text', props: {} }]) {
      expect({ bad, status: (await call('post', '/api/pages/story/parts', admin).send(bad)).status }).toEqual({ bad, status: 400 });
    }
    await call('post', '/api/pages/nowhere/parts', admin).send({ kind: 'text' }).expect(404);
    const before = await count(server, 'es_events');
    const aboutText = textPart(await page('about'));
    expect((await call('delete', `/api/pages/story/parts/${aboutText.part_id}`, admin).expect(404)).body.message).toBe(CONTENT_TEXTS.noPart);
    await call('delete', `/api/pages/story/parts/${randomUUID()}`, admin).expect(404);
    await call('delete', '/api/pages/story/parts/not-a-uuid', admin).expect(400);
    expect(await count(server, 'es_events')).toBe(before);
    const after = (await call('delete', `/api/pages/story/parts/${gallery.part_id}`, admin).expect(200)).body as ContentPage;
    expect(after.parts.filter((part) => part.container_type === 'page').map(({ kind, position }) => ({ kind, position }))).toEqual([
      { kind: 'text', position: 1 },
      { kind: 'slideshow', position: 2 },
    ]);
  });

  it("changes a part's settings as its kind allows, each change an event, and refuses anything else", async () => {
    const gallery = (await call('post', '/api/pages/story/parts', admin).send({ kind: 'gallery' }).expect(200)).body as ContentPart;
    expect(gallery.props).toEqual({ columns: 3, images: [] });
    const settings = (props: object, cookie = admin) => call('post', `/api/pages/story/parts/${gallery.part_id}/settings`, cookie).send({ props });
    const pic = `/uploads/${'a'.repeat(32)}-800.webp`;
    const images = [{ pic, alt: 'The dining room', caption: 'Our room', ratio: '16:9' }, { pic, alt: 'The kitchen' }];
    const changed = (await settings({ columns: 2, images }).expect(200)).body as ContentPart;
    expect(changed.props).toEqual({ columns: 2, images: [images[0], { ...images[1], caption: '', ratio: '4:3' }] });
    expect((await page('story')).parts.find((part) => part.part_id === gallery.part_id)?.props).toEqual(changed.props);
    const events = await server.shop.pool.any(sql.unsafe`select data from es_events where event_type = 'PagePartSettingsChanged' and data->>'partId' = ${gallery.part_id}`);
    expect(events.map((row) => (row as { data: { before: unknown; after: unknown } }).data)).toMatchObject([{ before: { columns: 3, images: [] }, after: changed.props }]);

    const video = (await call('post', '/api/pages/story/parts', admin).send({ kind: 'video-gallery' }).expect(200)).body as ContentPart;
    const before = await count(server, 'es_events');
    await settings({ columns: 2, images }).expect(200); // the same settings: no event
    const refused: Array<[object, string]> = [
      [{ columns: 2, images, autoplay: true }, 'props'],
      [{ columns: 9 }, 'props.columns'],
      [{ images: [{ ...images[0], pic: 'https://elsewhere.example/x.png' }] }, 'props.images.0.pic'],
      [{ images: [{ ...images[0], alt: '' }] }, 'props.images.0.alt'],
      [{ images: [{ ...images[0], caption: 'Sam\u0000Smith' }] }, 'props.images.0.caption'],
      [{ images: [{ ...images[0], caption: 'one\r\ntwo' }] }, 'props.images.0.caption'],
      [{ images: [{ ...images[0], ratio: '2:1' }] }, 'props.images.0.ratio'],
    ];
    for (const [props, field] of refused) {
      const answer = await settings(props);
      expect({ props, status: answer.status, named: String(answer.body.message).startsWith(field) }).toEqual({ props, status: 400, named: true });
    }
    for (const href of ['javascript:alert(1)', 'https://www.youtube.com/embed/abcdefgh', '//evil.example/v.mp4', 'data:text/html,x']) {
      const videos = [{ title: 'Tandoor', href, poster: pic }];
      await call('post', `/api/pages/story/parts/${video.part_id}/settings`, admin).send({ props: { videos } }).expect(400);
    }
    const text = (await page('story')).parts.find((part) => part.kind === 'text' && part.container_type === 'page')!;
    expect((await call('post', `/api/pages/story/parts/${text.part_id}/settings`, admin).send({ props: {} }).expect(400)).body.message).toBe(CONTENT_TEXTS.textHasNoSettings);
    const aboutText = textPart(await page('about'));
    await call('post', `/api/pages/about/parts/${gallery.part_id}/settings`, admin).send({ props: {} }).expect(404);
    await call('post', `/api/pages/story/parts/${aboutText.part_id}/settings`, admin).send({ props: {} }).expect(404);
    await settings({ columns: 1 }, manager).expect(403);
    await call('post', `/api/pages/story/parts/${gallery.part_id}/settings`, admin).send({ columns: 1 }).expect(400);
    expect(await count(server, 'es_events')).toBe(before);
    await call('delete', `/api/pages/story/parts/${video.part_id}`, admin).expect(200);
  });

  it("lets a dish part name only a dish of the customers' menu: an unknown or hidden dish is refused, nothing changed", async () => {
    const menu = (await call('get', '/api/menu').expect(200)).body as { products: Array<{ id: number; category_id: number }> };
    const [dish] = menu.products;
    const hiddenDish = menu.products.find((product) => product.category_id !== dish.category_id)!;
    const addPart = async (kind: string) => (await call('post', '/api/pages/story/parts', admin).send({ kind }).expect(200)).body as ContentPart;
    const [button, several] = [await addPart('add-to-cart'), await addPart('add-various-to-cart')];
    expect(button.props).toEqual({ productId: null });
    expect(several.props).toEqual({ productIds: [], label: '' });
    const settings = (part: ContentPart, props: object) => call('post', `/api/pages/story/parts/${part.part_id}/settings`, admin).send({ props });
    expect(((await settings(button, { productId: dish.id }).expect(200)).body as ContentPart).props).toEqual({ productId: dish.id });
    await call('post', `/api/catalogue/categories/${hiddenDish.category_id}/visibility`, manager).send({ hidden: true }).expect(200);

    const before = await count(server, 'es_events');
    const refused: Array<[ContentPart, object, number]> = [
      [button, { productId: 999_999 }, 999_999],
      [button, { productId: hiddenDish.id }, hiddenDish.id],
      [several, { productIds: [dish.id, 999_998], label: 'The pair' }, 999_998],
      [several, { productIds: [hiddenDish.id], label: 'The hidden one' }, hiddenDish.id],
    ];
    for (const [part, props, productId] of refused) {
      const answer = await settings(part, props).expect(400);
      expect(answer.body.message).toBe(`There is no dish ${productId} on the menu: choose one of the menu's dishes`);
    }
    expect(await count(server, 'es_events')).toBe(before);
    const stored = (await page('story')).parts.filter((part) => [button.part_id, several.part_id].includes(part.part_id)).map((part) => part.props);
    expect(stored).toEqual([{ productId: dish.id }, { productIds: [], label: '' }]);

    await call('post', `/api/catalogue/categories/${hiddenDish.category_id}/visibility`, manager).send({ hidden: false }).expect(200);
    await settings(several, { productIds: [dish.id, hiddenDish.id], label: 'The pair' }).expect(200);
    for (const part of [button, several]) await call('delete', `/api/pages/story/parts/${part.part_id}`, admin).expect(200);
  });

  it('saves a part in place through the form the spec sends, cleaned, with a warning when something was removed', async () => {
    const part = textPart(await page('story'));
    const honest = await call('post', '/api/ipe_save', admin).type('form').send({ ...ipe(part), content: '<p style="text-align: center">Our <strong>story</strong></p>' }).expect(200);
    expect(honest.body).toEqual({ status: true, message: '', original: '<p style="text-align: center">Our <strong>story</strong></p>' });
    const hostile = await call('post', '/api/ipe_save', admin).send({ ...ipe(part), content: '<p onclick="steal()">Since <a href="javascript:alert(1)">1999</a><script>alert(1)</script><img src=x onerror=alert(1)></p>' }).expect(200);
    expect(hostile.body).toEqual({ status: true, message: RICH_TEXT_TEXTS.removed, original: '<p>Since <a rel="noopener noreferrer">1999</a></p>' });
    expect(textPart(await page('story')).html).toBe('<p>Since <a rel="noopener noreferrer">1999</a></p>');
    expect((await call('post', '/api/ipe_cancel', admin).type('form').send(ipe(part)).expect(200)).body).toEqual({ status: true, original: '<p>Since <a rel="noopener noreferrer">1999</a></p>', message: '' });
  });

  it('refuses a save of another page\'s part, an oversized one and a malformed payload, and changes nothing', async () => {
    const part = textPart(await page('story'));
    const aboutText = textPart(await page('about'));
    const before = await count(server, 'es_events');
    const elsewhere = await call('post', '/api/ipe_save', admin).send({ ...ipe(aboutText), container: 'story', content: '<p>Moved</p>' }).expect(200);
    expect(elsewhere.body).toEqual({ status: false, message: CONTENT_TEXTS.noPart, original: '' });
    const wrongComp = await call('post', '/api/ipe_save', admin).send({ ...ipe(part), comp_id: aboutText.comp_id, content: '<p>x</p>' }).expect(200);
    expect(wrongComp.body.status).toBe(false);
    const oversized = await call('post', '/api/ipe_save', admin).send({ ...ipe(part), content: `<p>${'x'.repeat(100_001)}</p>` }).expect(200);
    expect(oversized.body).toEqual({ status: false, message: RICH_TEXT_TEXTS.tooLong, original: part.html });
    const malformed = [
      { ...ipe(part) },
      { ...ipe(part), content: 'x', ipe_type: 'page' },
      { ...ipe(part), content: 'x', container_type: 'sidebar' },
      { ...ipe(part), content: 'x', part_id: 'one' },
      { ...ipe(part), content: 'x', extra: 'y' },
      { ...ipe(part), content: 42 },
      { ipe_type: 'product', product_id: 'one', content: 'x' },
    ];
    for (const body of malformed) expect({ body, status: (await call('post', '/api/ipe_save', admin).send(body)).status }).toEqual({ body, status: 400 });
    const form = await call('post', '/api/ipe_save', admin).type('form').send('ipe_type=pagepart&content=a&content=b');
    expect(form.status).toBe(400);
    expect((await call('post', '/api/ipe_cancel', admin).send({ ...ipe(part), part_id: randomUUID() }).expect(200)).body).toEqual({ status: false, original: '', message: CONTENT_TEXTS.noPart });
    expect(await count(server, 'es_events')).toBe(before);
  });

  it('keeps every edit as an event with who, when, before and after, and restores an older version as a new edit', async () => {
    const part = textPart(await page('story'));
    await call('post', '/api/ipe_save', admin).send({ ...ipe(part), content: '<p>Third</p>' }).expect(200);
    const history = (await call('get', `/api/pages/story/parts/${part.part_id}/history`, admin).expect(200)).body as Array<{ version: number; html: string; by: string; at: string }>;
    expect(history.map(({ version, html, by }) => ({ version, html, by }))).toEqual([
      { version: 4, html: '<p>Third</p>', by: server.admin.email },
      { version: 3, html: '<p>Since <a rel="noopener noreferrer">1999</a></p>', by: server.admin.email },
      { version: 2, html: '<p style="text-align: center">Our <strong>story</strong></p>', by: server.admin.email },
      { version: 1, html: '', by: server.admin.email },
    ]);
    expect(new Date(history[0].at).toISOString()).toBe(history[0].at);
    const restored = (await call('post', `/api/pages/story/parts/${part.part_id}/restore`, admin).send({ version: 2 }).expect(200)).body as ContentPart;
    expect(restored.html).toBe('<p style="text-align: center">Our <strong>story</strong></p>');
    const { events } = await server.shop.store.read(`page-story`);
    expect(events.at(-1)).toMatchObject({
      type: 'PagePartEdited',
      data: { slug: 'story', partId: part.part_id, before: '<p>Third</p>', after: '<p style="text-align: center">Our <strong>story</strong></p>', at: expect.any(String) },
    });
    expect((events.at(-1)!.data as { by: string }).by).toBe(events.at(-1)!.metadata.actor);
    await call('post', `/api/pages/story/parts/${part.part_id}/restore`, admin).send({ version: 99 }).expect(404);
    await call('post', `/api/pages/story/parts/${part.part_id}/restore`, admin).send({ version: 'two' }).expect(400);
    await call('get', `/api/pages/about/parts/${part.part_id}/history`, admin).expect(404);
  });

  it("keeps a library picture a page's text shows: inserted, it cannot be deleted; taken out, it can", async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 90, b: 60 } } }).png().toBuffer();
    const uploaded = await call('post', '/api/media', admin).field('size', String(png.length)).attach('file', png, { filename: 'terrace.png', contentType: 'image/png' }).expect(200);
    const image = uploaded.body as MediaImage;
    const part = textPart(await page('story'));
    const shown = `<p>Our terrace</p><img src="${image.url}" alt="The terrace" width="320" height="200" />`;
    expect((await call('post', '/api/ipe_save', admin).send({ ...ipe(part), content: shown }).expect(200)).body).toEqual({ status: true, message: '', original: shown });
    const refused = await call('delete', `/api/media/${image.id}`, admin).expect(409);
    expect(refused.body.message).toMatch(/page/);
    await call('post', '/api/ipe_save', admin).send({ ...ipe(part), content: '<p>Our terrace</p>' }).expect(200);
    await call('delete', `/api/media/${image.id}`, admin).expect(200);
  });

  it("saves a dish's long description in place through the catalogue, cleaned, and cancels to it", async () => {
    const saved = await call('post', '/api/ipe_save', admin).type('form').send({ ipe_type: 'product', product_id: '1', content: '<p>Crisp <em>onion</em> fritters<script>alert(1)</script></p>' }).expect(200);
    expect(saved.body).toEqual({ status: true, message: RICH_TEXT_TEXTS.removed, original: '<p>Crisp <em>onion</em> fritters</p>' });
    const menu = (await call('get', '/api/menu').expect(200)).body as { products: Array<{ id: number; description: string }> };
    expect(menu.products.find((product) => product.id === 1)!.description).toBe('<p>Crisp <em>onion</em> fritters</p>');
    expect((await call('post', '/api/ipe_cancel', admin).send({ ipe_type: 'product', product_id: 1 }).expect(200)).body).toEqual({ status: true, original: '<p>Crisp <em>onion</em> fritters</p>', message: '' });
    expect((await call('post', '/api/ipe_save', admin).send({ ipe_type: 'product', product_id: 99999, content: '<p>x</p>' }).expect(200)).body).toEqual({ status: false, message: 'There is no dish 99999', original: '' });
    const oversized = await call('post', '/api/ipe_save', admin).send({ ipe_type: 'product', product_id: 1, content: 'x'.repeat(100_001) }).expect(200);
    expect(oversized.body).toEqual({ status: false, message: RICH_TEXT_TEXTS.tooLong, original: '<p>Crisp <em>onion</em> fritters</p>' });
    // The manager's menu editor saves the description through the same cleaning.
    const editor = (await call('get', '/api/catalogue', manager).expect(200)).body as { products: Array<Record<string, unknown> & { id: number }> };
    const dish = editor.products.find((product) => product.id === 1)!;
    const body = {
      category_id: dish.category_id, name: dish.name, short_desc: dish.short_desc, description: '<h2 onmouseover="x()">Bhaji</h2><iframe src="https://evil.example"></iframe>', price: dish.price,
      image: dish.image, virtual: dish.virtual, vat_rate: dish.vat_rate, allergens: dish.allergens, allergens_declared: dish.allergens_declared, vegetarian: dish.vegetarian, vegan: dish.vegan, spice: dish.spice,
    };
    await call('post', '/api/catalogue/dishes/1', manager).send(body).expect(200);
    expect((await call('post', '/api/ipe_cancel', admin).send({ ipe_type: 'product', product_id: 1 }).expect(200)).body.original).toBe('<h2>Bhaji</h2>');
  });

  it('reads a plain description stored before rich text as escaped paragraphs', async () => {
    const editor = (await call('get', '/api/catalogue', manager).expect(200)).body as { products: Array<Record<string, unknown> & { id: number }> };
    const dish = editor.products.find((product) => product.id === 2)!;
    const raw = createPostgresEventStore({ url: server.shop.databaseUrl });
    try {
      const old = {
        productId: 2, categoryId: dish.category_id, name: dish.name, shortDescription: dish.short_desc, description: 'Spiced vegetables\nNuts < 1%', pricePence: dish.price,
        image: dish.image, imageSrcset: null, virtual: dish.virtual, vatRate: dish.vat_rate, allergens: dish.allergens, allergensDeclared: dish.allergens_declared,
        vegetarian: dish.vegetarian, vegan: dish.vegan, spice: dish.spice, position: dish.position,
      };
      const metadata = { actor: 'system', at: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID() };
      const { position } = await raw.append('catalog-2', [{ id: randomUUID(), type: 'ProductChanged', data: old, metadata }], { expectedRevision: 'any' });
      await server.shop.services.readModels.waitFor('menu', position);
    } finally {
      await raw.close();
    }
    const expected = '<p>Spiced vegetables</p><p>Nuts &lt; 1%</p>';
    await until(async () => ((await call('get', '/api/menu').expect(200)).body.products as Array<{ id: number; description: string }>).find((product) => product.id === 2)?.description === expected, 'the upcast description on the menu');
    expect((await call('post', '/api/ipe_cancel', admin).send({ ipe_type: 'product', product_id: 2 }).expect(200)).body.original).toBe(expected);
    // The catalogue's own fold reads it upcast too: saving the same text again stores nothing new.
    const before = await count(server, 'es_events');
    await call('post', '/api/ipe_save', admin).send({ ipe_type: 'product', product_id: 2, content: expected }).expect(200);
    expect(await count(server, 'es_events')).toBe(before);
  });

  it('rebuilds menu rows built before rich text, once migrated (migration 075)', async () => {
    const description = async () => (await server.shop.pool.oneFirst(sql.unsafe`select description from menu_products where id = 3`)) as string;
    const rich = await description();
    expect(rich).toMatch(/^<p>.+<\/p>$/);
    await server.shop.pool.query(sql.unsafe`update menu_products set description = '<img src=x onerror=alert(1)>' where id = 3`);
    const migration = fs.readFileSync(path.join(__dirname, '../../migrations/075_menu_descriptions_as_rich_text.sql'), 'utf8');
    const client = new pg.Client({ connectionString: server.shop.databaseUrl });
    await client.connect();
    try {
      await client.query(migration);
    } finally {
      await client.end();
    }
    await until(async () => (await server.shop.pool.maybeOneFirst(sql.unsafe`select description from menu_products where id = 3`)) === rich, 'the menu rebuilt');
    expect((await call('get', '/api/menu').expect(200)).body.products.length).toBeGreaterThan(20);
  });
});

