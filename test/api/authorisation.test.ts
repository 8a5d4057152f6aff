import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Role } from '../../src/identity/roles';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { cookieHeader, rawRequest, sameOrigin } from './http';
import { recordMountedRoutes, type RouteEntry } from './routes';

/**
 * Who may call each route: anyone, or a role and every role above it; or 'customer only', a customer's own
 * things (issue 33), which staff logins do not have; or 'bearer token', the public API (issue 41), which no session
 * opens: every caller here gets its 401 (test/api/api-access.test.ts checks the tokens and their scopes); or 'client
 * credentials', an OAuth client's own call (RFC 7009 revocation), which no session opens either.
 */
type Access = 'anyone' | Exclude<Role, 'customer'> | 'customer' | 'customer only' | 'bearer token' | 'client credentials';

/**
 * The policy: every route the app mounts must be listed here, so a new route cannot ship without a decision
 * about who may call it (default deny). Checks on data owned by someone else belong to each module's tests.
 */
const POLICY: Record<string, Access> = {
  'GET /healthz': 'anyone',
  'GET /readyz': 'anyone',
  // A bearer token (METRICS_TOKEN), not a role, opens it; without one configured it is not there (test/api/metrics.test.ts).
  'GET /metrics': 'anyone',
  'POST /api/login': 'anyone',
  'POST /api/logout': 'anyone',
  'GET /api/me': 'anyone',
  'GET /api/human-check': 'anyone',
  'GET /events/store': 'anyone',
  'GET /events/orders': 'staff',
  'GET /events/menu': 'anyone',
  // The card checkout's own order (issue 17): its token from /broadcasting/auth is the credential (test/api/order-channel.test.ts).
  'GET /events/order': 'anyone',
  'GET /api/menu': 'anyone',
  'POST /api/settings': 'anyone',
  'GET /api/settings/is_takeaway': 'anyone',
  'GET /api/settings/snowfall_dates': 'anyone',
  'GET /api/settings/order_status': 'anyone',
  'POST /api/moveProductStockToBasket': 'anyone',
  'POST /api/product/getAvailableStock': 'anyone',
  'POST /api/getCartFromSession': 'anyone',
  'POST /api/updateCartInSession': 'anyone',
  'POST /api/clearCart': 'anyone',
  'POST /api/reopenCart': 'anyone',
  'GET /api/orderExtra': 'anyone',
  'GET /api/postcode-distance/:postcode': 'anyone',
  'GET /api/calc_delivery': 'anyone',
  'GET /api/takeawayDiscountSettings': 'anyone',
  'POST /api/deliveryChargesSummary': 'anyone',
  'POST /api/saveCartAsOrder': 'anyone',
  'POST /api/updateOrder': 'anyone',
  // Orders for later (issue 37): the slots offered, and the session's own order's time.
  'GET /api/orderSlots': 'anyone',
  'POST /api/orderTime': 'anyone',
  'POST /api/fetchOrder': 'anyone',
  'GET /api/available_payment_methods': 'anyone',
  'GET /api/can_pay': 'anyone',
  'POST /api/updatePayMethod': 'anyone',
  'POST /complete-order': 'anyone',
  // Staff reach it for the delivery toggle; every other key is refused to them per key (test/api/setting-roles.test.ts).
  'POST /api/settings/update': 'staff',
  'GET /api/todaysOrders': 'staff',
  'GET /api/todaysOrderTally': 'staff',
  'GET /api/fetchOrder/:id': 'staff',
  'POST /api/ta/markPaid': 'staff',
  'POST /api/ta/cancelUnpaid': 'staff',
  'POST /takeaway/printOrder': 'staff',
  'POST /api/ta/notifyCustomer': 'staff',
  'POST /takeaway/orderComplete': 'staff',
  'GET /takeaway/:id/preview': 'staff',
  'GET /takeaway/:id/bt-print': 'staff',
  'POST /api/change-status': 'staff',
  // The live channel's keys (issue 30 item 1): staff see whether they are set, a manager changes them.
  'GET /api/live-keys': 'staff',
  'POST /api/live-keys': 'manager',
  'POST /api/live-keys/rotate': 'manager',
  'GET /store-status': 'anyone',
  'GET /api/minsToCloseTime': 'anyone',
  'GET /api/nextOpenAt': 'anyone',
  'GET /api/opening-hours/week': 'anyone',
  'POST /api/ta/canOpen': 'staff',
  'GET /api/deliveringStatus': 'anyone',
  'GET /api/todaysStoreLog': 'staff',
  'POST /api/validate_postcode': 'manager',
  'GET /api/settings/ta_print_categories': 'staff',
  'POST /api/oosProducts': 'staff',
  'POST /api/product/update_product_status': 'staff',
  'POST /api/productVariant/update_status': 'staff',
  'GET /api/settings/product_categories': 'staff',
  'POST /api/log': 'anyone',
  'POST /api/log-info': 'anyone',
  'POST /api/log-error': 'anyone',
  'POST /api/uploadImage': 'manager',
  'GET /api/uploadsFolder': 'anyone',
  'GET /uploads/:name': 'anyone',
  // Stock (issue 16): staff and managers, as the staff spec gives stock to both.
  'GET /api/stock': 'staff',
  'POST /api/stock/level': 'staff',
  'POST /api/stock/restock': 'staff',
  'POST /api/stock/par': 'staff',
  // The catalogue (issue 16): managers build the menu.
  'GET /api/catalogue': 'manager',
  'POST /api/catalogue/categories': 'manager',
  'POST /api/catalogue/categories/order': 'manager',
  'POST /api/catalogue/categories/:id/rename': 'manager',
  'POST /api/catalogue/categories/:id/visibility': 'manager',
  'POST /api/catalogue/dishes': 'manager',
  'POST /api/catalogue/dishes/:id': 'manager',
  'POST /api/catalogue/dishes/:id/archive': 'manager',
  'POST /api/catalogue/dishes/:id/variants': 'manager',
  'GET /api/catalogue/menu.csv': 'manager',
  'POST /api/catalogue/import': 'manager',
  'POST /api/catalogue/variants/:id': 'manager',
  'POST /api/catalogue/variants/:id/archive': 'manager',
  // Staff logins (issue 15): the decider then says whom a manager may touch (test/api/accounts.test.ts).
  'POST /api/login/code': 'anyone',
  'GET /api/accounts': 'manager',
  'POST /api/accounts/invite': 'manager',
  'POST /api/accounts/:id/role': 'admin',
  'POST /api/accounts/:id/disable': 'manager',
  'POST /api/accounts/:id/enable': 'manager',
  'POST /api/accounts/:id/totp-off': 'admin',
  'POST /api/privacy/erase': 'admin',
  'POST /api/env/STRIPE_KEY': 'anyone',
  'POST /api/createCheckoutSession': 'anyone',
  'POST /api/webhooks/stripe': 'anyone',
  // PayPal (issue 36): its client id; the order from the session; its webhook, verified by PayPal.
  'POST /api/env/PAYPAL_KEY': 'anyone',
  'POST /api/paypal/create-order': 'anyone',
  'POST /api/webhooks/paypal': 'anyone',
  // Spec §7's realtime auth: the session's own order only, checked by the route (test/api/order-channel.test.ts).
  'POST /broadcasting/auth': 'anyone',
  // Issue 31: the session that placed the order, or the mail's signed link, checked by the route (test/api/order-status.test.ts).
  'GET /api/orders/:id/progress': 'anyone',
  'GET /api/todaysCardRefunds': 'staff',
  // Issue 35: a manager's refund (behind a step-up) and the day's money as CSV.
  'POST /api/orders/:id/refunds': 'manager',
  'GET /api/takings/:day.csv': 'manager',
  // Issue 40 item 6: the night report of a trading day, and its CSV.
  'GET /api/night-report': 'manager',
  'GET /api/night-report.csv': 'manager',
  // Issue 40: an order's timeline for managers; its personal data for an admin only (behind a step-up).
  'GET /api/order-search': 'manager',
  'GET /api/orders/:orderId/timeline': 'manager',
  'GET /api/orders/:orderId/timeline/personal': 'admin',
  // Issue 40 item 2: the stream browser, read-only, admins only.
  'GET /api/streams/categories': 'admin',
  'GET /api/streams': 'admin',
  'GET /api/streams/:stream/events': 'admin',
  // Issue 40 item 3: the verified replay of the read models, admins only.
  'POST /api/operations/verify': 'admin',
  'GET /api/operations/verify': 'admin',
  'GET /api/invitation/:token': 'anyone',
  'POST /api/invitation/:token': 'anyone',
  // Customers' own accounts (issue 33): a signed-in session is refused by the route (test/api/customer-accounts.test.ts).
  'POST /api/customer/register': 'anyone',
  'POST /api/customer/verify': 'anyone',
  'POST /api/customer/forgot-password': 'anyone',
  'POST /api/customer/reset-password': 'anyone',
  'POST /api/customer/confirm-email': 'anyone',
  'POST /api/account/email': 'customer only',
  // Step-up too: the matrix's sessions entered their password at login. Closing needs { confirm: true }.
  'GET /api/account/my-data': 'customer only',
  'POST /api/account/close': 'customer only',
  'GET /api/account/orders': 'customer only',
  'GET /api/account/orders/:id/reorder': 'customer only',
  'POST /api/account/password': 'customer',
  'POST /api/account/confirm-password': 'customer',
  'POST /api/account/totp/start': 'manager',
  'POST /api/account/totp/confirm': 'manager',
  'POST /api/account/totp/off': 'manager',
  // Vouchers (issue 19): the session's own order is checked by the routes (test/api/vouchers.test.ts).
  'GET /vouchers-status': 'anyone',
  'POST /try-to-apply-voucher': 'anyone',
  'POST /deleteVoucherUse': 'anyone',
  'GET /api/vouchers': 'manager',
  'POST /api/vouchers': 'manager',
  'POST /api/vouchers/:id': 'manager',
  'POST /api/vouchers/:id/enabled': 'manager',
  'GET /api/vouchers/:id/uses': 'manager',
  'GET /api/vouchers/:id/uses.csv': 'manager',
  'GET /api/vouchers/:id/codes.csv': 'manager',
  // Browsers' Content-Security-Policy reports (PCI DSS 11.6.1), and their list for managers.
  'POST /api/csp-report': 'anyone',
  'GET /api/csp-reports': 'manager',
  // The contact form (issue 34) and the staff inbox of its messages.
  'POST /send_contact': 'anyone',
  'GET /api/staff/contact-messages': 'staff',
  'GET /api/staff/contact-messages/unhandled': 'staff',
  'POST /api/staff/contact-messages/:id/handled': 'staff',
  // Content pages and the in-place editor (issue 39): a draft page only for admins (test/api/content-pages.test.ts).
  'GET /api/pages/:slug': 'anyone',
  'GET /api/pages': 'admin',
  'GET /api/pages/:slug/fragment': 'anyone',
  'POST /api/pages': 'admin',
  'PATCH /api/pages/:slug': 'admin',
  'POST /api/pages/:slug/publish': 'admin',
  'POST /api/pages/:slug/unpublish': 'admin',
  'POST /api/pages/:slug/parts': 'admin',
  'DELETE /api/pages/:slug/parts/:partId': 'admin',
  'GET /api/pages/:slug/parts/:partId/history': 'admin',
  'POST /api/pages/:slug/parts/:partId/restore': 'admin',
  'POST /api/pages/:slug/parts/:partId/settings': 'admin',
  'POST /api/ipe_save': 'admin',
  'POST /api/ipe_cancel': 'admin',
  // The media library and the image picker (issue 39 item 4): admins only; the snowfall's images for anyone (customer spec §7).
  'GET /api/media': 'admin',
  'POST /api/media': 'admin',
  'PATCH /api/media/:id': 'admin',
  'DELETE /api/media/:id': 'admin',
  'GET /snowflakeImages': 'anyone',
  // API credentials (issue 41): each staff login its own tokens (customers have none); an admin everyone's.
  'GET /oauth/scopes': 'staff',
  'GET /oauth/personal-access-tokens': 'staff',
  'POST /oauth/personal-access-tokens': 'staff',
  'DELETE /oauth/personal-access-tokens/:id': 'staff',
  'GET /api/staff/api-tokens': 'admin',
  'GET /oauth/clients': 'staff',
  'POST /oauth/clients': 'staff',
  'PUT /oauth/clients/:id': 'staff',
  'DELETE /oauth/clients/:id': 'staff',
  // The authorization server (issue 41 item 2): the consent screen's calls; the client's own back-channel calls,
  // opened by its credentials (the token endpoint answers a 400 for a missing grant first; test/api/api-access.test.ts);
  // the authorized applications.
  'GET /api/oauth/authorize': 'staff',
  'POST /api/oauth/authorize': 'staff',
  'POST /oauth/token': 'anyone',
  'POST /oauth/revoke': 'client credentials',
  'GET /oauth/tokens': 'staff',
  'DELETE /oauth/tokens/:id': 'staff',
  // The public API: its document and reference page for anyone; its routes for a bearer token with their scope.
  'GET /api/v1/openapi.json': 'anyone',
  'GET /api/v1/reference': 'anyone',
  'GET /api/v1/menu': 'bearer token',
  'GET /api/v1/orders': 'bearer token',
  'GET /api/v1/orders/:id': 'bearer token',
  'POST /api/v1/orders/:id/print': 'bearer token',
  'POST /api/v1/orders/:id/notify': 'bearer token',
  'POST /api/v1/orders/:id/complete': 'bearer token',
  'PUT /api/v1/store/status': 'bearer token',
  'PUT /api/v1/store/delivery': 'bearer token',
  'PUT /api/v1/menu/products/:id/availability': 'bearer token',
  'PUT /api/v1/menu/variants/:id/availability': 'bearer token',
};

const CALLERS = ['anonymous', 'customer A', 'customer B', 'staff', 'manager', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
const ROLE_OF: Record<Caller, Role | null> = {
  anonymous: null,
  'customer A': 'customer',
  'customer B': 'customer',
  staff: 'staff',
  manager: 'manager',
  admin: 'admin',
};
const RANK: Role[] = ['customer', 'staff', 'manager', 'admin'];

/** 'allowed' means the guard let the call through: whatever the route then answers, it is not 401/403/5xx. */
function expected(access: Access, caller: Caller): 401 | 403 | 'allowed' {
  if (access === 'anyone') return 'allowed';
  if (access === 'bearer token' || access === 'client credentials') return 401;
  const role = ROLE_OF[caller];
  if (role === null) return 401;
  if (access === 'customer only') return role === 'customer' ? 'allowed' : 403;
  return RANK.indexOf(role) >= RANK.indexOf(access) ? 'allowed' : 403;
}

const key = (route: RouteEntry) => `${route.method} ${route.path}`;

describe('authorisation matrix', () => {
  let server: TestServer;
  const mountedRoutes = recordMountedRoutes();
  const cookies = new Map<Caller, string>();

  const credentials = new Map<Caller, { email: string; password: string }>();

  async function login(caller: Caller): Promise<void> {
    const response = await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send(credentials.get(caller));
    expect(response.status).toBe(200);
    cookies.set(caller, cookieHeader(response));
  }

  beforeAll(async () => {
    server = await startTestServer();
    const users = createUserRepository(server.shop.pool);
    for (const caller of CALLERS) {
      const role = ROLE_OF[caller];
      if (role === null) continue;
      const email = `${caller.replace(' ', '-')}-${randomBytes(3).toString('hex')}@test.example`;
      credentials.set(caller, { email, password: `pw ${caller} 12345` });
      await users.create({ ...credentials.get(caller)!, role });
      await login(caller);
    }
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('has a policy for every mounted route, and no policy for a route that is gone', () => {
    const mounted = mountedRoutes().map(key);
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.filter((route) => !(route in POLICY))).toEqual([]);
    expect(Object.keys(POLICY).filter((route) => !mounted.includes(route))).toEqual([]);
  });

  it('answers every route for every caller as the policy says', async () => {
    // Logging out ends the caller's session, so it goes last.
    const routes = mountedRoutes().sort((a, b) => Number(a.path === '/api/logout') - Number(b.path === '/api/logout'));
    const outcomes: string[] = [];
    const wanted: string[] = [];
    for (const route of routes) {
      for (const caller of CALLERS) {
        const cookie = cookies.get(caller);
        const answer = await rawRequest(server.baseUrl, {
          method: route.method,
          path: route.path.replace(/:\w+/g, '1'),
          headers: { ...sameOrigin(server), 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
          // node:http frames no body for GET or DELETE (no chunking by default): one written anyway reaches the
          // server as a second, malformed request, so the first gets a 400 before any guard runs.
          chunks: route.method === 'GET' || route.method === 'DELETE' ? [] : [Buffer.from('{}')],
          headersOnly: true,
        });
        const outcome = answer.status === 401 || answer.status === 403 ? answer.status : answer.status < 500 ? 'allowed' : answer.status;
        outcomes.push(`${key(route)} as ${caller}: ${outcome}`);
        wanted.push(`${key(route)} as ${caller}: ${expected(POLICY[key(route)], caller)}`);
      }
    }
    expect(outcomes).toEqual(wanted);
  });

  it("never shows customer A's basket to customer B", async () => {
    await login('customer A');
    await login('customer B');
    const menu = await request(server.baseUrl).get('/api/menu');
    const added = await request(server.baseUrl)
      .post('/api/moveProductStockToBasket')
      .set(sameOrigin(server))
      .set('Cookie', cookies.get('customer A')!)
      // The matrix above archived dish 1 (an empty body is all its archive route takes): any dish on sale does.
      .send({ id: menu.body.products.find((product: { variants: unknown[]; available: number }) => product.variants.length === 0 && product.available > 0).id, quantity: 1 });
    expect(added.status).toBe(200);
    const cartOf = async (caller: Caller) =>
      (
        await request(server.baseUrl)
          .post('/api/getCartFromSession')
          .set(sameOrigin(server))
          .set('Cookie', cookies.get(caller)!)
          .send({})
      ).body;
    expect(await cartOf('customer A')).toMatchObject({ cartId: added.body.cart.cartId, cartItems: [expect.anything()] });
    const other = await cartOf('customer B');
    expect(other.cartId).not.toBe(added.body.cart.cartId);
    expect(other.cartItems).toEqual([]);
  });
});
