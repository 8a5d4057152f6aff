import { expectAccessible, expectPartAccessible } from './accessibility';
import { launchBrowser, type BrowserSession } from './browser';

/** A page with one image without a text alternative and one line of grey on white (2.3:1). */
const FAULTY = `data:text/html,${encodeURIComponent(`<!doctype html><html lang="en"><head><title>Gate</title></head><body><main>
  <h1>Gate</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-testid="ready"><p id="faint" style="color:#aaa;background:#fff">Faint words</p>
  <p id="clear">Clear words</p></main></body></html>`)}`;

/** The accessibility gate itself (accessibility.ts) must fail on what it is there to catch. */
describe('the accessibility gate', () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await launchBrowser();
    await browser.page.goto(FAULTY);
  });
  afterAll(() => browser.close());

  it('fails a page with an image without alt text and too little contrast, naming both', async () => {
    const failure = await expectAccessible(browser.page, 'ready').then(() => null, (error: Error) => error.message);
    expect(failure).toContain('image-alt');
    expect(failure).toContain('color-contrast');
  });

  it('fails a part of the page with a fault, and passes a part without', async () => {
    await expect(expectPartAccessible(browser.page, '#faint')).rejects.toThrow(/color-contrast/);
    await expectPartAccessible(browser.page, '#clear');
  });
});
