import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn, waitForPath } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e({ networkCable: true });

const CAMPAIGN = 'Hut-to-Hut Hiking Tours in Norway';
const TYPO = 'Hikng Tours';

/** Resolves once a service worker controls the page, so a reload offline is served from its precache. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 20_000 });
}

async function openSearch(page: Page) {
  // the header box is on screen once the shell is: then the shortcut is wired too
  await page
    .getByRole('button', { name: /^Search/ })
    .first()
    .waitFor();
  await page.keyboard.press('Control+K');
  const input = page.getByRole('textbox', { name: 'Search', exact: true });
  await input.waitFor();
  return input;
}

describe('global search', () => {
  it('finds a misspelled campaign with Ctrl+K, opens it with the keyboard, and remembers the search', async () => {
    const { context, page } = await app.openPage();
    await logIn(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await waitForPath(page, '/dashboard');

    const input = await openSearch(page);
    // the answer for the whole text (earlier prefixes may already match), 300 ms after the last key
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/search/global') && new URL(r.url()).searchParams.get('q') === TYPO,
    );
    await input.pressSequentially(TYPO, { delay: 20 });
    await answered;
    const results = page.getByLabel('Search results');
    await results.getByRole('group', { name: 'Campaigns' }).getByText(CAMPAIGN).waitFor();
    // the best match is selected as the results arrive: Enter opens it
    await input.press('Enter');

    await waitForPath(page, '/campaigns');
    await page.getByRole('dialog', { name: CAMPAIGN }).waitFor();
    expect(new URL(page.url()).search).toBe('');

    // after a reload the search is among the recent ones
    await page.reload();
    const recentGroup = async () => {
      await openSearch(page);
      return page.getByRole('group', { name: 'Recent searches' });
    };
    await (await recentGroup()).getByText(TYPO, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Search', exact: true }).waitFor({ state: 'hidden' });

    // and after a reload while offline (the service worker serves the app, IndexedDB the recents): the
    // box opens empty and lists it; picking it shows the cached results; a new search says it failed
    await waitForServiceWorker(page);
    await app.goOffline(context);
    try {
      await page.reload();
      const recent = await recentGroup();
      expect(await page.getByRole('textbox', { name: 'Search', exact: true }).inputValue()).toBe('');
      await recent.getByText(TYPO, { exact: true }).waitFor();
      await recent.getByText(TYPO, { exact: true }).click();
      await results.getByRole('group', { name: 'Campaigns' }).getByText(CAMPAIGN).waitFor();
      const input = page.getByRole('textbox', { name: 'Search', exact: true });
      await input.fill('Brennan');
      await page.getByText('Search failed. Please try again.').waitFor({ timeout: 20_000 });
      expect(await results.getByText(CAMPAIGN).count()).toBe(0);
    } finally {
      await app.goOnline(context);
    }
  });
});
