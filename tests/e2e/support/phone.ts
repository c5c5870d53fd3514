import type { Locator, Page } from 'playwright-core';

/** The phone the 390 px e2e files look through. */
export const PHONE = { width: 390, height: 844 };

/** The page's scroll width against the window's: a sideways scroll when the first is larger. */
export function pageWidth(page: Page) {
  // A string: the e2e project is typed without the DOM library.
  return page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    `({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })`,
  );
}

/**
 * Scrolls the page down to `locator`, then every box back to its left edge: Playwright's own scrolling
 * also scrolls a table's box sideways, which would hide the very problem looked for.
 */
export async function scrollDownTo(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  await locator.page().evaluate(`document.querySelectorAll('*').forEach((element) => {
    if (element.scrollLeft !== 0) element.scrollLeft = 0;
  })`);
}

/**
 * Whether all of `locator` is on the phone's screen once scrolled to (boxes back at their left edge).
 * Playwright counts an element cut by a pixel at the screen's bottom as in view and leaves it there (a
 * button 1 px below an 844 px screen with Chromium 150's metrics); a user scrolls it the rest of the way.
 */
export async function onScreen(locator: Locator): Promise<boolean> {
  await scrollDownTo(locator);
  let box = await locator.boundingBox();
  if (box && box.y + box.height > PHONE.height && box.height < PHONE.height) {
    await locator.page().evaluate(`window.scrollBy(0, ${Math.ceil(box.y + box.height - PHONE.height) + 8})`);
    box = await locator.boundingBox();
  }
  return (
    box !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= PHONE.width &&
    box.y + box.height <= PHONE.height
  );
}
