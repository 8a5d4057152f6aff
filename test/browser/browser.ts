import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';

export const chromiumPath = '/usr/bin/chromium';

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let chromiumOfFile: Promise<Browser> | undefined;

/**
 * The one Chromium of this test file, started when first asked for. Every session and the accessibility gate
 * are contexts of it: a context is as fresh as a new profile (cookies, storage, cache, clock of its own) and
 * costs a fraction of starting another Chromium on a busy host.
 */
export function fileChromium(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    // Browser tests must fail, never skip, when the browser is missing.
    throw new Error("Install Debian's chromium (apt-get install -y chromium) to run the browser tests");
  }
  chromiumOfFile ??= chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumFlags });
  return chromiumOfFile;
}

// Registered as this module loads, so on the test file's top level: runs after every suite of the file, once
// their sessions are closed.
afterAll(async () => {
  const browser = chromiumOfFile;
  chromiumOfFile = undefined;
  await (await browser)?.close();
});

/** A browser as a new visitor has it: a fresh context and one open page. */
export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * A fresh browser context; `userAgent` makes it pass for another device (an Android tablet in the kitchen, say),
 * `locale` and `timezoneId` for a browser set up elsewhere (an owner's laptop bought in New York, say).
 */
export async function launchBrowser(options: { userAgent?: string; locale?: string; timezoneId?: string } = {}): Promise<BrowserSession> {
  const context = await (await fileChromium()).newContext({
    viewport: { width: 1280, height: 800 },
    // No fades to wait out at each dialog (Bootstrap drops its transitions). A test that pauses the page's clock
    // turns them back on first (pausedPageClock in shop-steps.ts): without a transition react-bootstrap ends a
    // dialog's exit on a timer, which a paused clock never runs.
    reducedMotion: 'reduce',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
}

/**
 * For a whole suite: the shop serving its web app and a fresh browser context, started before the suite's tests
 * (handed to `use`) and stopped after them.
 */
export function shopWithBrowser(use: (server: TestServer, browser: BrowserSession) => void): void {
  let server: TestServer | undefined;
  let browser: BrowserSession | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startTestServer({ withWeb: true });
    use(server, browser);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}
