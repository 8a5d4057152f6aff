import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { fileChromium } from './browser';

/** WCAG 2.1 A and AA, and axe's best practices (landmarks, one main, headings). */
// Every check runs axe with `setLegacyMode()`: one axe.run in the page, instead of a run per frame whose results are
// put together in a blank page (a second page and a second copy of axe, about 1.3 s a check here). The shop's pages
// have no cross-origin frames, the one thing legacy mode leaves out.
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The accessibility gate: opens the page the journey is on, as the same visitor (its cookies and storage),
 * in a browser context of its own (of the file's Chromium), and fails on any serious or critical axe violation.
 * A context of its own so that the journey's pages never carry axe's script and keep meeting the real
 * Content-Security-Policy.
 * `ready`: the test id of an element that is there once the page has loaded what it shows.
 */
export async function expectAccessible(journey: Page, ready: string): Promise<void> {
  const context = await (await fileChromium()).newContext({
    storageState: await journey.context().storageState(),
    viewport: journey.viewportSize() ?? { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.goto(journey.url());
    await page.getByTestId(ready).first().waitFor();
    const results = await new AxeBuilder({ page })
      .withTags(RULE_TAGS)
      .setLegacyMode()
      .options({
        // Experimental in axe, and the one that finds a button whose spoken name hides its visible text.
        rules: { 'label-content-name-mismatch': { enabled: true } },
        // Only the violations are read: axe then skips describing every passing and inapplicable node (a unique
        // selector for each), the slow tail of a run on a long page. What it checks and finds is the same.
        resultTypes: ['violations'],
      })
      .analyze();
    const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
    const report = failing.map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length}×: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')})`,
    );
    expect({ page: new URL(journey.url()).pathname, violations: report }).toEqual({ page: new URL(journey.url()).pathname, violations: [] });
  } finally {
    await context.close();
  }
}

/**
 * The same gate on a part of the page as it stands now (an open dialog, which a fresh load would not show): axe runs
 * in the journey's own page, limited to `selector`. Only for pages whose Content-Security-Policy lets axe's script in
 * (the staff screens).
 */
export async function expectPartAccessible(journey: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page: journey }).include(selector).withTags(RULE_TAGS).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? '')).map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
  expect({ part: selector, violations: failing }).toEqual({ part: selector, violations: [] });
}
