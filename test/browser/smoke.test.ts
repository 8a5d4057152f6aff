import { expectAccessible } from './accessibility';
import { shopWithBrowser, type BrowserSession } from './browser';
import { closeLowStockWarning, holdRequests, MENU_SHOWN } from './shop-steps';
import { PAGE_FAILED } from '../../src/shared/page-texts';
import { visibleWidth, waitUntilFullyInViewport } from './viewport';
import request from 'supertest';
import type { TestServer } from '../support/server';
import { createUserRepository } from '../../src/identity/users';
import { LIMIT_DEFAULTS } from '../../src/limits';

/** What the layout-shift test reads in the page (the tests are typed without the DOM's types). */
interface ShiftEntry {
  value: number;
  sources?: Array<{ node?: { nodeName: string; className?: unknown; textContent: string | null } | null; previousRect: unknown; currentRect: unknown }>;
}
interface Shift {
  value: number;
  moved: string[];
}
interface ShiftWatch {
  layoutShifts: () => Shift[];
  requestAnimationFrame(callback: () => void): void;
  PerformanceObserver: new (callback: (list: { getEntries(): ShiftEntry[] }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
    takeRecords(): ShiftEntry[];
  };
}

describe('web shell smoke test', () => {
  let server: TestServer;
  let browser: BrowserSession;

  shopWithBrowser((started, opened) => {
    server = started;
    browser = opened;
  });

  const discreetLogin = () => browser.page.getByTestId('discreet-login');

  it('renders the home page', async () => {
    await browser.page.goto(server.baseUrl);
    await browser.page.getByTestId('home').waitFor();
  });

  it('the menu page does not move on a phone as the store status and the basket arrive after it is shown', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const page = globalThis as unknown as ShiftWatch;
      // Each shift with what moved, so that a failure names the element, not just a score.
      const described = (entry: ShiftEntry): Shift => ({
        value: entry.value,
        moved: (entry.sources ?? []).map(
          (source) =>
            `${source.node?.nodeName ?? '?'}.${String(source.node?.className ?? '')} "${(source.node?.textContent ?? '').slice(0, 40)}" ` +
            `${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
        ),
      });
      const shifts: Shift[] = [];
      const observer = new page.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push(described(entry));
      });
      observer.observe({ type: 'layout-shift', buffered: true });
      // What the observer has seen but not yet reported is taken too.
      page.layoutShifts = () => [...shifts, ...observer.takeRecords().map(described)];
    });
    // Both answers are held until the menu is on the screen: the banner and the basket figures arrive last.
    const held = [await holdRequests(page, '**/store-status'), await holdRequests(page, '**/api/getCartFromSession')];
    await page.goto(server.baseUrl);
    await page.locator(MENU_SHOWN).waitFor();
    for (const hold of held) hold.release();
    await page.getByTestId('store-status-text').waitFor();
    await page.getByTestId('basket-count').filter({ hasText: '0' }).waitFor();
    // A shift is seen once the frame that made it is drawn.
    await page.evaluate(() => new Promise<void>((resolve) => (globalThis as unknown as ShiftWatch).requestAnimationFrame(() => (globalThis as unknown as ShiftWatch).requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (globalThis as unknown as ShiftWatch).layoutShifts());
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    // Under 0.01 in all; a failure prints each shift and what moved in it (stop 34's CI failure printed only the
    // total: a closing notice arriving after the menu, between 22:45 and 23:00).
    expect(total < 0.01 ? [] : shifts).toEqual([]);
    await page.close();
  });

  it('a page whose code cannot be loaded says so and offers a reload, and the shop around it stays', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.baseUrl);
    await page.locator(MENU_SHOWN).waitFor();
    // As after an update of the shop: the login page's code is gone from the server.
    await page.route('**/assets/LoginPage-*.js', (route) => route.fulfill({ status: 404, body: '' }));
    await page.evaluate(() => {
      const page = globalThis as unknown as { history: { pushState(state: unknown, title: string, url: string): void }; dispatchEvent(event: unknown): void; PopStateEvent: new (type: string) => unknown };
      page.history.pushState(null, '', '/login');
      page.dispatchEvent(new page.PopStateEvent('popstate'));
    });
    await page.getByTestId('page-failed').filter({ hasText: PAGE_FAILED }).waitFor();
    await page.getByTestId('basket-widget').waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    // Another page is tried afresh.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await page.locator(MENU_SHOWN).waitFor();
    expect(await page.getByTestId('page-failed').count()).toBe(0);
    await page.close();
  });

  it('passes the accessibility gate on the menu (narrow and wide), the login page and the not-found page', async () => {
    const { page } = browser;
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await page.goto(server.baseUrl);
      await page.locator(MENU_SHOWN).waitFor();
      // The restaurant's allergen word is on the menu page as it opens, not folded away in the filter (issue 16).
      const notice = page.getByTestId('allergen-notice');
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.textContent()).toMatch(/Allergen information comes from the restaurant\. If you have an allergy, please call us/);
      await expectAccessible(page, 'product-card');
    }
    await page.goto(`${server.baseUrl}/login`);
    await expectAccessible(page, 'login-page');
    await page.goto(`${server.baseUrl}/no-such-page`);
    await expectAccessible(page, 'not-found');
  }, 300_000);

  it('keeps the Login button off-screen until it is hovered', async () => {
    await browser.page.goto(server.baseUrl);
    await discreetLogin().waitFor();
    expect(await visibleWidth(discreetLogin())).toBeLessThanOrEqual(6);

    await discreetLogin().hover();
    await waitUntilFullyInViewport(discreetLogin());
  });

  it("shows the server's message when the password is wrong", async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password').fill(`${server.admin.password}-wrong`);

    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/login')),
      page.getByRole('button', { name: 'Login' }).click(),
    ]);
    const { message } = (await answer.json()) as { message: string };

    expect(answer.status()).toBe(401);
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
  });

  it('logs the admin in through the discreet Login button', async () => {
    const { page } = browser;
    await page.goto(server.baseUrl);
    await discreetLogin().click();
    await page.waitForURL(`${server.baseUrl}/login`);

    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Password').fill(server.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();

    // Staff land on the live orders (issue 38 item 7), whose low-stock warning (the demo's mixed grill) is closed.
    await page.waitForURL(`${server.baseUrl}/takeaway`);
    await closeLowStockWarning(page);
    await page.getByTestId('signed-in-user').filter({ hasText: server.admin.email }).waitFor();

    const me = await page.request.get(`${server.baseUrl}/api/me`);
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ status: true, user: { email: server.admin.email, role: 'admin' } });
  });

  it('logs out and offers the Login button again', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Logout' }).click();
    await discreetLogin().waitFor();
    await page.getByTestId('signed-in-user').waitFor({ state: 'detached' });
  });

  it('solves the human check by itself when the server asks for one after failed logins, and logs in', async () => {
    const { page } = browser;
    const customer = { email: 'pat@example.com', password: 'pat has a long password' };
    await createUserRepository(server.shop.pool).create({ ...customer, role: 'customer' });
    for (let n = 0; n < LIMIT_DEFAULTS.login_failures.max; n++) {
      await request(server.baseUrl)
        .post('/api/login')
        .set({ Origin: server.baseUrl, 'X-Requested-With': 'fetch' })
        .send({ email: customer.email, password: 'a wrong guess' })
        .expect(401);
    }
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/login')) statuses.push(response.status());
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('signed-in-user').filter({ hasText: customer.email }).waitFor();
    expect(statuses).toEqual([403, 200]);
  });
});
