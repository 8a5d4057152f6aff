import { sql } from 'slonik';
import type { Page } from 'playwright-core';
import type { TestServer } from '../support/server';
import { until } from '../support/until';
import { shopWithBrowser, type BrowserSession } from './browser';
import { fillBasketAndOpenIt, proceedToCheckout } from './shop-steps';

const ONION_BHAJI = 1;

interface Violation {
  directive: string;
  blocked: string;
}

/** The page's globals this suite touches (the tests compile without the DOM's types). */
interface PageGlobals {
  cspViolations: Violation[];
  document: {
    addEventListener(type: 'securitypolicyviolation', listener: (event: { effectiveDirective: string; blockedURI: string }) => void): void;
    createElement(tag: 'script'): { src: string; textContent: string | null };
    head: { append(element: unknown): void };
  };
  [flag: string]: unknown;
}

/** Every securitypolicyviolation the page meets, from before its first script (an init script is not subject to the CSP). */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const page = globalThis as unknown as PageGlobals;
    const seen: Violation[] = [];
    page.cspViolations = seen;
    page.document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  });
}

const violations = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).cspViolations);

const storedReports = async (server: TestServer) =>
  (await server.shop.pool.any(sql.unsafe`select directive, blocked, document from csp_reports order by id`)) as Array<{ directive: string; blocked: string; document: string }>;

/** Adds a script element the inventory does not list, as an injection or a browser extension would. */
function injectScript(page: Page, script: { src?: string; text?: string }): Promise<void> {
  return page.evaluate((script) => {
    const { document } = globalThis as unknown as PageGlobals;
    const element = document.createElement('script');
    if (script.src) element.src = script.src;
    if (script.text) element.textContent = script.text;
    document.head.append(element);
  }, script);
}

const ran = (page: Page, flag: string) => page.evaluate((flag) => (globalThis as unknown as PageGlobals)[flag] === true, flag);

describe('the checkout page runs only the scripts of the inventory (PCI DSS 6.4.3 / 11.6.1)', () => {
  let server: TestServer;
  let browser: BrowserSession;

  shopWithBrowser((started, opened) => {
    server = started;
    browser = opened;
  });

  it("runs the app's own scripts on /checkout without a violation, blocks and reports every unlisted one", async () => {
    const { page } = browser;
    await recordViolations(page);
    const scripts: Array<{ url: string; status: number }> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), status: response.status() });
    });

    // The journey to /checkout: the app's scripts (the entry, its chunks, the checkout page's) all run.
    await fillBasketAndOpenIt(page, server.baseUrl, [[ONION_BHAJI, 1]]);
    await page.getByTestId('method-collect').check();
    await proceedToCheckout(page, server.baseUrl);
    // Opened afresh too: /checkout's own HTML answer and its nonce.
    await page.reload();
    await page.locator('#checkout-wrapper').waitFor();
    await page.getByTestId('delivery-form').waitFor();
    expect(scripts.length).toBeGreaterThan(1);
    expect(scripts.filter((script) => !script.url.startsWith(`${server.baseUrl}/assets/`) || script.status !== 200)).toEqual([]);
    expect(await violations(page)).toEqual([]);
    expect(await storedReports(server)).toEqual([]);

    // Unlisted: an inline script, another site's script, and one of our own files without the page's nonce.
    const entry = scripts.find((script) => /\/assets\/index-[\w-]+\.js$/.test(script.url))!.url;
    await injectScript(page, { text: 'window.inlineRan = true;' });
    await injectScript(page, { src: 'https://skimmer.example/steal.js' });
    await injectScript(page, { src: `${entry}?again` });
    // The inline and the foreign script break both policies, our own file without the nonce the page's only.
    const blocked = async () => [...new Set((await violations(page)).map((violation) => violation.blocked))].sort();
    const expected = ['https://skimmer.example/steal.js', `${entry}?again`, 'inline'].sort();
    await until(async () => (await blocked()).length >= 3, 'the three scripts blocked');
    expect(await blocked()).toEqual(expected);
    expect(await ran(page, 'inlineRan')).toBe(false);

    // Each reached the report endpoint and was recorded, without the query string.
    const recorded = async () => [...new Set((await storedReports(server)).map((report) => report.blocked))].sort();
    await until(async () => (await recorded()).length >= 3, 'the reports recorded', { timeoutMs: 15_000, everyMs: 50 });
    expect(await recorded()).toEqual(['https://skimmer.example/steal.js', entry, 'inline'].sort());
    const reports = await storedReports(server);
    expect(reports.every((report) => report.document === `${server.baseUrl}/checkout`)).toBe(true);
    expect(reports.every((report) => report.directive.startsWith('script-src'))).toBe(true);
  }, 120_000);
});
