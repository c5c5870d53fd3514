import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, chooseDisplayCurrency, logIn } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

/** A figure in DKK as the app writes it: "1.234,50 kr." (a converted one adds its original after it). */
const DKK_FIGURE = /^-?\d{1,3}(\.\d{3})*,\d{2} kr\./;

/** The text of each cell in the column headed `header`, for every body row of `table`. */
async function column(table: Locator, header: string): Promise<string[]> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  const at = headers.indexOf(header);
  expect(at, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  const rows = table.locator('tbody tr');
  const texts: string[] = [];
  for (let i = 0, n = await rows.count(); i < n; i++) {
    texts.push(((await rows.nth(i).locator('td').nth(at).textContent()) ?? '').trim());
  }
  return texts;
}

async function expectAllInDkk(page: Page): Promise<void> {
  const balance = page.getByRole('table', { name: 'Balance per currency' });
  await balance.waitFor({ timeout: 30_000 });
  const commissions = page.getByRole('table', { name: 'Commissions' });
  await commissions.locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await expect
    .poll(async () => [
      ...(await column(balance, 'Available')),
      ...(await column(balance, 'Pending')),
      ...(await column(commissions, 'Commission')),
    ])
    .toSatisfy((figures: string[]) => figures.length > 0 && figures.every((f) => DKK_FIGURE.test(f)));
}

describe('display currency', () => {
  it('a publisher switches to DKK in the header: balance and commissions in kr., still after a reload', async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await page.goto('/commissions');
    await page
      .getByRole('table', { name: 'Commissions' })
      .locator('tbody tr')
      .first()
      .waitFor({ timeout: 30_000 });

    await chooseDisplayCurrency(page, 'DKK');
    await expectAllInDkk(page);

    // The demo's commissions are in several currencies: a converted one keeps its original on hover.
    const converted = page
      .getByRole('table', { name: 'Balance per currency' })
      .locator('[data-converted-from]')
      .first();
    await converted.hover();
    const tooltip = page.getByRole('tooltip').filter({ hasText: /^\S+ → \S+ kr\./ });
    await tooltip.waitFor();

    await page.reload();
    await page
      .getByRole('button', { name: /^Display currency/ })
      .filter({ hasText: 'DKK' })
      .waitFor();
    await expectAllInDkk(page);
  });
});

interface SavedRatesRow {
  source: string;
  day: string;
  rates: Record<string, number>;
}

/** The rows of the app's IndexedDB `rates` table, read with the browser's own API (a string: the e2e
 * tests compile without the DOM library). */
function savedRateRows(page: Page): Promise<SavedRatesRow[]> {
  // Opened only once it exists: opening a missing database would create an empty one before the app's.
  return page.evaluate(`indexedDB.databases().then((all) => all.some((d) => d.name === 'affilio') ? new Promise((resolve, reject) => {
    const open = indexedDB.open('affilio');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const database = open.result;
      if (!database.objectStoreNames.contains('rates')) {
        database.close();
        resolve([]);
        return;
      }
      const all = database.transaction('rates').objectStore('rates').getAll();
      all.onerror = () => reject(all.error);
      all.onsuccess = () => {
        database.close();
        resolve(all.result);
      };
    };
  }) : [])`);
}

describe('rates kept for offline use', () => {
  it("a signed-in start saves the server's rates in IndexedDB, off the page's main thread", async () => {
    const { page } = await app.openPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await expect.poll(async () => (await savedRateRows(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [row] = await savedRateRows(page);
    expect(row?.source).toMatch(/^[A-Z]{3}$/);
    expect(row?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.values(row?.rates ?? {}).length).toBeGreaterThan(1);
    expect(workers.some((url) => /save-rates-worker/.test(url))).toBe(true);
  });
});
