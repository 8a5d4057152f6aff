import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server';
import { closeAccessibilityChecker } from './accessibility';

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

/** A headless Chromium with a fresh profile and one open page. */
export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A fresh Chromium; `userAgent` makes it pass for another device (an Android tablet in the kitchen, say). */
export async function launchBrowser(options: { userAgent?: string } = {}): Promise<BrowserSession> {
  if (!fs.existsSync(chromiumPath)) {
    // Browser tests must fail, never skip, when the browser is missing.
    throw new Error("Install Debian's chromium (apt-get install -y chromium) to run the browser tests");
  }
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'takeaway-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1280, height: 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());

  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a whole suite: the shop serving its web app and a browser with a fresh profile, started before the
 * suite's tests (handed to `use`) and stopped after them.
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
    await closeAccessibilityChecker();
    await browser?.close();
    await server?.stop();
  });
}
