import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { count, cookieHeader, expectNoInternals, sameOrigin } from './http';
import { recordMountedRoutes, type RouteEntry } from './routes';
import { shopper } from './shopper';

/**
 * Issue 13, item 1: one client's text must never fail another client's request. Every string input of every
 * mounted route (body, path, query) is sent each kind of hostile text while honest customers check out at
 * the same time; the hostile requests get a 4xx naming the field and store nothing, the honest ones all succeed.
 */

/**
 * What each kind of field refuses: every field refuses the first three; one-line fields also refuse line breaks
 * and text-direction overrides (issue 28; test/shared/text.test.ts tries every bidi control character).
 */
const HOSTILE = {
  nul: 'Sam\u0000Smith',
  loneSurrogate: 'Sam\uD800Smith',
  bell: 'Sam\u0007Smith',
  lineBreak: 'Sam\r\nBcc: victim@example.com',
  bidiOverride: 'Sam\u202Ehtims',
} as const;
type Hostile = keyof typeof HOSTILE;
type Kind = 'line' | 'lines';
const REFUSED: Record<Kind, Hostile[]> = {
  lines: ['nul', 'loneSurrogate', 'bell'],
  line: ['nul', 'loneSurrogate', 'bell', 'lineBreak', 'bidiOverride'],
};

interface TextInput {
  /** An honest body; each listed field (a dotted path in it) gets each hostile value in turn. */
  body: Record<string, unknown>;
  fields: Record<string, Kind>;
  as?: 'manager' | 'admin' | 'customer';
}

const details = { email: 'sam@example.com', full_name: 'Sam Smith', phone_number: '07911 123456', address_1: '1 Park Row', address_2: 'Flat 2', address_3: 'Hyde Park', town_city: 'Leeds', postcode: 'LS1 4AP', delivery_info: 'Ring twice', allergy_info: 'No peanuts' };

/** The in-place editor's identifiers of a part (staff spec §3). */
const PART = { ipe_type: 'pagepart', container_type: 'page', container: 'about', part_id: '00000000-0000-4000-8000-000000000000', comp_id: 'text-00000000' };

/** Every route that takes free text in its body. */
const TEXT_BODIES: Record<string, TextInput[]> = {
  'POST /api/login': [{ body: { email: 'sam@example.com', password: 'a password' }, fields: { email: 'line', password: 'line' } }],
  'POST /api/login/code': [{ body: { code: '123456' }, fields: { code: 'line' } }],
  'POST /api/accounts/invite': [{ body: { email: 'new.cook@example.com', role: 'staff' }, fields: { email: 'line' }, as: 'manager' }],
  'POST /api/privacy/erase': [
    { body: { email: 'gone@example.com' }, fields: { email: 'line' }, as: 'admin' },
    { body: { phone: '07911 123456' }, fields: { phone: 'line' }, as: 'admin' },
  ],
  'POST /api/customer/register': [{ body: { email: 'new.customer@example.com', password: 'a long new password' }, fields: { email: 'line', password: 'line' } }],
  'POST /api/customer/verify': [{ body: { token: 'a-token' }, fields: { token: 'line' } }],
  'POST /api/customer/forgot-password': [{ body: { email: 'forgetful@example.com' }, fields: { email: 'line' } }],
  'POST /api/customer/reset-password': [{ body: { token: 'a-token', password: 'a long new password' }, fields: { token: 'line', password: 'line' } }],
  'POST /api/customer/confirm-email': [{ body: { token: 'a-token' }, fields: { token: 'line' } }],
  'POST /api/account/email': [{ body: { email: 'moved@example.com', password: 'a customer password' }, fields: { email: 'line', password: 'line' }, as: 'customer' }],
  'POST /api/invitation/:token': [{ body: { password: 'a long new password' }, fields: { password: 'line' } }],
  'POST /api/account/password': [
    { body: { current_password: 'boss long password', new_password: 'a long new password' }, fields: { current_password: 'line', new_password: 'line' }, as: 'manager' },
  ],
  'POST /api/account/confirm-password': [{ body: { password: 'boss long password' }, fields: { password: 'line' }, as: 'manager' }],
  // The media library (issue 39 item 4): an image's alt text, read before its id.
  'PATCH /api/media/:id': [{ body: { alt: 'Tables under the vine' }, fields: { alt: 'line' }, as: 'admin' }],
  'POST /api/account/totp/confirm': [{ body: { code: '123456' }, fields: { code: 'line' }, as: 'manager' }],
  'POST /api/log': [{ body: { level: 'info', message: 'm', error: 'e' }, fields: { message: 'lines', error: 'lines' } }],
  'POST /api/log-info': [{ body: { message: 'm', error: 'e' }, fields: { message: 'lines', error: 'lines' } }],
  'POST /api/log-error': [{ body: { message: 'm', error: 'e' }, fields: { message: 'lines', error: 'lines' } }],
  'POST /api/saveCartAsOrder': [{ body: { order_extra_info: 'no onions' }, fields: { order_extra_info: 'lines' } }],
  'POST /api/updateCartInSession': [{ body: { order_extra: 'no onions' }, fields: { order_extra: 'lines' } }],
  'POST /api/updateOrder': [
    {
      body: { deliveryForm: details },
      fields: {
        'deliveryForm.email': 'line',
        'deliveryForm.full_name': 'line',
        'deliveryForm.address_1': 'line',
        'deliveryForm.address_2': 'line',
        'deliveryForm.address_3': 'line',
        'deliveryForm.town_city': 'line',
        'deliveryForm.postcode': 'line',
        'deliveryForm.phone_number': 'line',
        'deliveryForm.delivery_info': 'lines',
        'deliveryForm.allergy_info': 'lines',
      },
    },
    { body: { ta_method: 'DELIVER', postage: 150, total_cost: 545, postcode: 'LS1 4AP' }, fields: { postcode: 'line' } },
  ],
  'POST /complete-order': [{ body: { payment_method: 'PHONE', status: 'ok', message: 'fine', id: 'pi_1' }, fields: { status: 'line', message: 'lines', id: 'line' } }],
  'POST /api/createCheckoutSession': [{ body: { unique_id: 'abc', production: 'false' }, fields: { unique_id: 'line', production: 'line' } }],
  'POST /api/paypal/create-order': [{ body: { unique_id: 'abc', production: 'false' }, fields: { unique_id: 'line', production: 'line' } }],
  'POST /broadcasting/auth': [{ body: { channel_name: 'private-order.00000000-0000-4000-8000-000000000000', socket_id: '1234.5678' }, fields: { channel_name: 'line', socket_id: 'line' } }],
  'POST /api/live-keys': [
    { body: { appId: 'kitchen-1', key: 'a1b2c3d4e5f6a7b8', secret: 'the-kitchen-secret-0123456789abcdefgh' }, fields: { appId: 'line', key: 'line', secret: 'line' }, as: 'manager' },
  ],
  'POST /try-to-apply-voucher': [{ body: { code: 'SAVE10', email: 'sam@example.com', orderId: '00000000-0000-4000-8000-000000000000' }, fields: { code: 'line', email: 'line' } }],
  'POST /api/vouchers': [
    { body: { code: 'SAVE10', terms: { description: '10% off', benefit: { kind: 'percent', percent: 10 } } }, fields: { code: 'line', 'terms.description': 'line' }, as: 'manager' },
  ],
  'POST /api/vouchers/:id': [{ body: { terms: { description: '10% off', benefit: { kind: 'percent', percent: 10 } } }, fields: { 'terms.description': 'line' }, as: 'manager' }],
  'POST /api/catalogue/categories': [{ body: { name: 'Specials' }, fields: { name: 'line' }, as: 'manager' }],
  'POST /api/catalogue/categories/:id/rename': [{ body: { name: 'Specials' }, fields: { name: 'line' }, as: 'manager' }],
  'POST /api/catalogue/dishes': [
    {
      body: { category_id: 1, name: 'Dal', short_desc: 'Lentils', description: 'Yellow lentils', price: 450, image: null, virtual: false, vat_rate: 'standard', allergens: [], vegetarian: true, vegan: false, spice: 0 },
      fields: { name: 'line', short_desc: 'line', description: 'lines', image: 'line' },
      as: 'manager',
    },
  ],
  'POST /api/catalogue/dishes/:id': [
    {
      body: { category_id: 1, name: 'Dal', short_desc: 'Lentils', description: 'Yellow lentils', price: 450, image: null, virtual: false, vat_rate: 'standard', allergens: [], vegetarian: true, vegan: false, spice: 0 },
      fields: { name: 'line', short_desc: 'line', description: 'lines', image: 'line' },
      as: 'manager',
    },
  ],
  'POST /api/catalogue/dishes/:id/variants': [{ body: { name: 'Large', incremental_price: 100 }, fields: { name: 'line' }, as: 'manager' }],
  'POST /api/catalogue/variants/:id': [{ body: { name: 'Large', incremental_price: 100 }, fields: { name: 'line' }, as: 'manager' }],
  'POST /api/catalogue/import': [{ body: { csv: 'kind,id\r\n', dry_run: true }, fields: { csv: 'lines' }, as: 'manager' }],
  // Content pages (issue 39): rich text is any text but NUL, lone surrogates and control characters, then cleaned.
  'POST /api/pages': [{ body: { slug: 'story', title: 'Our story', description: 'Since 1999' }, fields: { slug: 'line', title: 'line', description: 'line' }, as: 'admin' }],
  'PATCH /api/pages/:slug': [{ body: { title: 'Our story', description: 'Since 1999' }, fields: { title: 'line', description: 'line' }, as: 'admin' }],
  'POST /api/pages/:slug/parts': [{ body: { kind: 'text', container_type: 'custom fixture', container: 'tagline' }, fields: { container: 'line' }, as: 'admin' }],
  'POST /api/ipe_save': [
    { body: { ...PART, content: '<p>Hello</p>' }, fields: { content: 'lines', container: 'line', comp_id: 'line' }, as: 'admin' },
    { body: { ipe_type: 'product', product_id: 1, content: '<p>Hello</p>' }, fields: { content: 'lines' }, as: 'admin' },
  ],
  'POST /api/ipe_cancel': [{ body: PART, fields: { container: 'line', comp_id: 'line' }, as: 'admin' }],
  // API credentials (issue 41): a personal access token's name.
  'POST /oauth/personal-access-tokens': [{ body: { name: 'Till', scopes: ['menu:read'] }, fields: { name: 'line' }, as: 'manager' }],
  'POST /oauth/clients': [{ body: { name: 'Till', redirect: 'https://till.example/cb' }, fields: { name: 'line', redirect: 'line' }, as: 'manager' }],
  // Its body is read before its id.
  'PUT /oauth/clients/:id': [{ body: { name: 'Till', redirect: 'https://till.example/cb' }, fields: { name: 'line', redirect: 'line' }, as: 'manager' }],
  'POST /api/validate_postcode': [{ body: { postcode: 'LS1 4AP' }, fields: { postcode: 'line' }, as: 'manager' }],
  'POST /api/settings/update': [
    {
      body: { settings: { site_name: 'Spice', cart_label: 'Cart', missing_product_image: '/x.png', kitchen_postcode: 'LS1 4AP', full_address: 'a', checkout_intro: 'b', phone_no_display: '0113', ta_print_categories: 'Starters' } },
      fields: {
        'settings.site_name': 'line',
        'settings.cart_label': 'line',
        'settings.missing_product_image': 'line',
        'settings.kitchen_postcode': 'line',
        'settings.full_address': 'lines',
        'settings.checkout_intro': 'lines',
        'settings.phone_no_display': 'line',
        'settings.ta_print_categories': 'lines',
        'settings.bt_print_logo': 'line',
      },
      as: 'manager',
    },
  ],
};

/** Deliberate exceptions: routes whose body holds no free text (numbers, booleans, ids and closed lists only). */
const NO_FREE_TEXT_BODY: Record<string, string> = {
  'POST /api/logout': 'no input',
  'POST /api/orderTime': 'an ISO instant or null: { scheduled_for } (issue 37)',
  'POST /api/account/close': 'only { confirm: true } (issue 33)',
  'POST /api/webhooks/stripe': 'signed raw body from the card provider: verified by signature, never parsed as text input (issue 17)',
  'POST /api/webhooks/paypal': "raw body from PayPal: verified by PayPal's verify-webhook-signature call, its ids checked as the provider's text (issue 36)",
  'POST /api/fetchOrder': 'no input',
  'POST /api/getCartFromSession': 'no input',
  'POST /api/clearCart': 'no input',
  'POST /api/reopenCart': 'no input',
  'POST /api/deliveryChargesSummary': 'no input',
  'POST /api/oosProducts': 'no input',
  'POST /api/ta/canOpen': 'no input',
  // Issue 40 item 3: a projection's name or all, from a closed list (test/reliability/operations.test.ts sends an unknown one).
  'POST /api/operations/verify': 'a closed list (a read model or all)',
  'POST /api/moveProductStockToBasket': 'numbers and a boolean',
  'POST /api/product/getAvailableStock': 'a number',
  'POST /api/product/update_product_status': 'a number and a closed list',
  'POST /api/productVariant/update_status': 'a number and a closed list',
  'POST /api/change-status': 'a closed list',
  'POST /api/updatePayMethod': 'a closed list',
  'POST /api/settings': 'setting names from a closed list',
  'POST /api/ta/markPaid': 'an order id (UUID)',
  'POST /api/ta/cancelUnpaid': 'an order id (UUID)',
  'POST /api/ta/notifyCustomer': 'an order id (UUID)',
  'POST /takeaway/orderComplete': 'an order id (UUID)',
  'POST /takeaway/printOrder': 'an order id (UUID) and closed lists',
  // The deliberate exception (issue 16): multipart, not JSON; the photo is judged from its bytes, `size` is a number.
  'POST /api/uploadImage': 'multipart: a photo and a number',
  // The browser's CSP reports: not JSON; their text goes through the shared schema (test/api/csp-report.test.ts).
  'POST /api/csp-report': 'a browser report (application/csp-report or reports+json)',
  'POST /api/accounts/:id/role': 'a closed list',
  'POST /api/catalogue/categories/order': 'category ids',
  'POST /api/stock/level': 'numbers',
  'POST /api/stock/restock': 'numbers',
  'POST /api/stock/par': 'numbers',
  'POST /api/catalogue/categories/:id/visibility': 'a boolean',
  'POST /api/catalogue/dishes/:id/archive': 'no input',
  'POST /api/catalogue/variants/:id/archive': 'no input',
  'POST /api/accounts/:id/disable': 'no input',
  'POST /api/accounts/:id/enable': 'no input',
  'POST /api/live-keys/rotate': 'no input',
  'POST /api/accounts/:id/totp-off': 'no input',
  'POST /api/account/totp/start': 'no input',
  'POST /api/account/totp/off': 'no input',
  'POST /api/env/STRIPE_KEY': 'no input',
  'POST /api/env/PAYPAL_KEY': 'no input',
  'POST /deleteVoucherUse': 'an order id (UUID)',
  'POST /api/vouchers/:id/enabled': 'a boolean',
  // Its text goes through the shared schemas, but every refusal answers the customer spec's one sentence (§8), not
  // the field: test/api/contact.test.ts sends each hostile text to each field and checks nothing is stored.
  'POST /send_contact': "the contact form's fields, refused in the spec's words (test/api/contact.test.ts)",
  'POST /api/staff/contact-messages/:id/handled': 'a message id (UUID)',
  // The media library (issue 39 item 4): the photo pipeline's form; the file's name is refused unless it is one
  // line of text (test/api/uploads.test.ts, "the media library").
  'POST /api/media': "multipart: a photo and a number; the file's name checked as one line",
  'DELETE /api/media/:id': 'an image id (its digest)',
  // A manager's refund of a paid order, behind a step-up: its note goes through multiLineText, and a NUL in it is
  // refused with nothing changed in test/api/card-payments.test.ts ("staff refunds").
  'POST /api/orders/:id/refunds': 'a key, line numbers or pence, a closed list, and a note (test/api/card-payments.test.ts)',
  'POST /api/pages/:slug/publish': 'no input',
  'POST /api/pages/:slug/unpublish': 'no input',
  'DELETE /api/pages/:slug/parts/:partId': 'no input',
  'POST /api/pages/:slug/parts/:partId/restore': 'a version number',
  // Its text (captions, alt text, titles) is checked by the part's kind once the part is found: content-part-settings.test.ts sends it hostile text.
  'POST /api/pages/:slug/parts/:partId/settings': 'a part kind\'s settings',
  'DELETE /oauth/personal-access-tokens/:id': 'a token id (UUID)',
  'DELETE /oauth/clients/:id': 'a client id (UUID)',
  'DELETE /oauth/tokens/:id': 'a client id (UUID)',
  // OAuth's own parameters, each printable ASCII only (modules/api-access/oauth/routes.ts): codes, tokens, ids.
  'POST /api/oauth/authorize': "an authorization request's parameters (printable ASCII) and a boolean",
  'POST /oauth/token': "OAuth's form: grant type, code, verifier, tokens, client id and secret, each checked by the authorization server",
  'POST /oauth/revoke': "OAuth's form: a token and the client's id and secret, checked by the authorization server",
  // The public API (issue 41): a bearer token opens it, and its bodies hold ids, closed lists and booleans only
  // (modules/api-access/v1/schemas.ts); test/api/api-access.test.ts sends each a bad value.
  'POST /api/v1/orders/:id/print': 'no input',
  'POST /api/v1/orders/:id/notify': 'no input',
  'POST /api/v1/orders/:id/complete': 'no input',
  'PUT /api/v1/store/status': 'a closed list',
  'PUT /api/v1/store/delivery': 'a boolean',
  'PUT /api/v1/menu/products/:id/availability': 'a closed list',
  'PUT /api/v1/menu/variants/:id/availability': 'a closed list',
};

/** A route's path parameters: an honest value each (hostile ones are sent in their place). */
const PATH_PARAMETERS: Record<string, string> = { postcode: 'LS1 4AP', id: '00000000-0000-4000-8000-000000000000', orderId: '00000000-0000-4000-8000-000000000000', stream: 'order-00000000-0000-4000-8000-000000000000' };

const withValue = (body: Record<string, unknown>, path: string, value: string): Record<string, unknown> => {
  const copy = structuredClone(body);
  const parts = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
  target[parts.at(-1)!] = value;
  return copy;
};

describe('hostile text on every route', () => {
  let server: TestServer;
  let manager: string;
  let admin: string;
  let customer: string;
  const mountedRoutes = recordMountedRoutes();
  let routes: RouteEntry[];
  const key = (route: RouteEntry) => `${route.method} ${route.path}`;

  beforeAll(async () => {
    // Enough log lines and logins for the sweep: the limits themselves are tested elsewhere.
    server = await startTestServer({ env: { LIMIT_LOG_LINES: '100000/60', LIMIT_LOGIN_FAILURES: '100000/60', LIMIT_LOGIN_ADDRESS_FAILURES: '100000/60', LIMIT_LOGIN_ATTEMPTS: '100000/60' } });
    routes = mountedRoutes();
    await createUserRepository(server.shop.pool).create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
    const login = await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send({ email: 'boss@example.com', password: 'boss long password' }).expect(200);
    manager = cookieHeader(login);
    admin = cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send(server.admin).expect(200));
    await createUserRepository(server.shop.pool).create({ email: 'diner@example.com', password: 'a customer password', role: 'customer' });
    customer = cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send({ email: 'diner@example.com', password: 'a customer password' }).expect(200));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('knows every state-changing route: each takes listed text fields or is a listed exception', () => {
    const unlisted = routes
      .filter((route) => route.method !== 'GET')
      .map(key)
      .filter((name) => !(name in TEXT_BODIES) && !(name in NO_FREE_TEXT_BODY));
    expect(unlisted).toEqual([]);
    const gone = [...Object.keys(TEXT_BODIES), ...Object.keys(NO_FREE_TEXT_BODY)].filter((name) => !routes.some((route) => key(route) === name));
    expect(gone).toEqual([]);
  });

  it('refuses hostile text in every field with a 400 naming it, stores nothing, and every honest checkout beside it succeeds', async () => {
    const before = await count(server, 'es_events');
    const honest = Array.from({ length: 8 }, async () => {
      const customer = shopper(server);
      await customer.collectOnionBhaji({ email: 'kim@example.com', full_name: 'Kim Lee', phone_number: '07911 123456' });
      await customer.payByPhone().expect(200);
      const placed = await customer.complete();
      return placed.status;
    });

    const sweep = async () => {
      const refusals: Array<{ route: string; field: string; hostile: Hostile; status: number; message: string }> = [];
      for (const [name, inputs] of Object.entries(TEXT_BODIES)) {
        const [method, path] = name.split(' ');
        for (const input of inputs) {
          for (const [field, kind] of Object.entries(input.fields)) {
            for (const hostile of REFUSED[kind]) {
              const call = request(server.baseUrl)[method.toLowerCase() as 'post'](path).set(sameOrigin(server));
              if (input.as) call.set('Cookie', { manager, admin, customer }[input.as]);
              const response = await call.send(withValue(input.body, field, HOSTILE[hostile]));
              expectNoInternals(response.text);
              refusals.push({ route: name, field, hostile, status: response.status, message: String(response.body.message) });
            }
          }
        }
      }
      return refusals;
    };

    const [refusals, ...statuses] = await Promise.all([sweep(), ...honest]);
    expect(statuses).toEqual(honest.map(() => 200));
    const wrong = refusals.filter(({ field, status, message }) => status !== 400 || !message.startsWith(`${field.split('.').at(-1)}: `));
    expect(wrong).toEqual([]);
    // Nothing of the hostile text was stored, only the honest orders.
    // Read through the store, which opens the personal-data envelopes: a hostile name would be sealed in es_events.
    const stored = await server.shop.store.readAll({ limit: 100_000 });
    expect(stored.filter((event) => /Sam.{0,12}Smith|htims|victim/.test(JSON.stringify(event.data)))).toEqual([]);
    expect(await count(server, 'es_events')).toBeGreaterThan(before);
  }, 180_000);

  it('refuses hostile text in every path parameter with a 4xx, and stores nothing', async () => {
    const before = await count(server, 'es_events');
    const withParameters = routes.filter((route) => route.path.includes(':'));
    expect(withParameters.map(key)).toEqual(expect.arrayContaining(['GET /api/postcode-distance/:postcode']));
    for (const route of withParameters) {
      for (const hostile of Object.keys(HOSTILE) as Hostile[]) {
        const path = route.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(`${PATH_PARAMETERS[name] ?? '1'}${HOSTILE[hostile]}`.replace(/\uD800/, '\uFFFD')));
        const call = request(server.baseUrl)[route.method.toLowerCase() as 'get'](path).set(sameOrigin(server)).set('Cookie', manager);
        const response = await call;
        const outcome = { route: key(route), hostile, refused: response.status >= 400 && response.status < 500 };
        expect(outcome).toEqual({ ...outcome, refused: true });
        expectNoInternals(response.text);
      }
    }
    // Raw bytes too: a NUL and an invalid UTF-8 sequence written straight into the path.
    for (const raw of ['%00', '%07', '%0A']) {
      const response = await request(server.baseUrl).get(`/api/postcode-distance/LS1${raw}4AP`);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^postcode: /);
    }
    // Bytes that are not UTF-8 are not decoded at all: the parameter stays plain ASCII text, a postcode that is not one.
    const undecodable = await request(server.baseUrl).get('/api/postcode-distance/LS1%ED%A0%804AP');
    expect(undecodable.status).toBe(400);
    expect(await count(server, 'es_events')).toBe(before);
  });

  it('ignores or refuses hostile text in the query of every route: no 5xx, nothing stored', async () => {
    const before = await count(server, 'es_events');
    const query = Object.values(HOSTILE).map((value, n) => `q${n}=${encodeURIComponent(value.replace(/\uD800/, '\uFFFD'))}`).join('&') + '&raw=%00%ED%A0%80';
    for (const route of routes.filter((entry) => entry.method === 'GET' && !entry.path.startsWith('/events/'))) {
      const path = route.path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(PATH_PARAMETERS[name] ?? '1'));
      const response = await request(server.baseUrl).get(`${path}?${query}`).set('Cookie', manager);
      const outcome = { route: key(route), serverError: response.status >= 500 };
      expect(outcome).toEqual({ ...outcome, serverError: false });
    }
    expect(await count(server, 'es_events')).toBe(before);
  });
});

