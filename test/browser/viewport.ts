import type { Locator } from 'playwright-core';

// The root tsconfig has no DOM lib, so the functions that run in the page
// describe the few browser members they use.
interface MeasurableElement {
  getBoundingClientRect(): { left: number; right: number };
}
interface BrowserWindow {
  innerWidth: number;
}

/** How many pixels of the element's width lie inside the viewport. */
export function visibleWidth(locator: Locator): Promise<number> {
  return locator.evaluate((element: MeasurableElement) => {
    const { innerWidth } = globalThis as unknown as BrowserWindow;
    const { left, right } = element.getBoundingClientRect();
    return Math.max(0, Math.min(right, innerWidth) - Math.max(left, 0));
  });
}

/** Resolves once the element lies entirely inside the viewport's width, checking every animation frame. */
export async function waitUntilFullyInViewport(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((target: MeasurableElement) => {
    const { innerWidth } = globalThis as unknown as BrowserWindow;
    const { left, right } = target.getBoundingClientRect();
    return left >= 0 && right <= innerWidth;
  }, element);
}
