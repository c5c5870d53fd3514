import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn, waitForPath } from './support/app';
import { PHONE, onScreen, pageWidth, scrollDownTo } from './support/phone';
import { useE2e } from './support/suite';

const app = useE2e();

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/shots-phone';

/**
 * A list page and what its first row must show on a phone: its status badge (`status`), and the row's
 * main action (a button named like `action`). `table` is the list's accessible name.
 */
interface ListPage {
  path: string;
  table?: string;
  status?: boolean;
  action?: RegExp;
}

const PAGES: Record<'advertiser' | 'publisher' | 'admin', ListPage[]> = {
  advertiser: [
    { path: '/dashboard', table: 'Top publishers' },
    { path: '/campaigns', table: 'Campaigns', status: true, action: /^Edit / },
    { path: '/publishers', table: 'Publishers', action: /./ },
    { path: '/media' },
    { path: '/tracking', table: 'Tracking links', status: true, action: /^Copy link of / },
    { path: '/commissions?status=pending', table: 'Commissions', status: true, action: /^Approve / },
    { path: '/invoices', table: 'Invoices', status: true, action: /^INV/ },
    { path: '/reports', table: 'Report' },
    { path: '/messaging' },
  ],
  publisher: [
    { path: '/dashboard', table: 'Top campaigns' },
    { path: '/campaigns', table: 'Campaigns', status: true, action: /^Apply/ },
    { path: '/websites', table: 'Websites', status: true, action: /^Verification of / },
    { path: '/applications?status=approved', table: 'Applications', status: true, action: /^Copy link$/ },
    { path: '/applications?status=pending', table: 'Applications', status: true, action: /^Withdraw / },
    { path: '/tracking', table: 'Tracking links', status: true, action: /^Copy link of / },
    { path: '/commissions', table: 'Commissions', status: true },
    // a rejected commission carries its reason under the status: the title must keep its room
    { path: '/commissions?status=rejected', table: 'Commissions', status: true },
    { path: '/commissions', table: 'Payout history', status: true, action: /^Details/ },
    { path: '/reports', table: 'Report' },
    { path: '/messaging' },
  ],
  admin: [
    { path: '/dashboard', table: 'Top campaigns' },
    { path: '/campaigns', table: 'Campaigns', status: true, action: /^Edit / },
    { path: '/admin-advertisers', table: 'Advertisers', status: true, action: /./ },
    { path: '/admin-publishers', table: 'Publishers', status: true, action: /./ },
    { path: '/admin-applications?status=pending', table: 'Applications', status: true, action: /^Approve / },
    { path: '/admin-payouts', table: 'Payout queue', status: true, action: /^(Approve|Mark paid)/ },
    { path: '/admin-audit-log', table: 'Audit log', action: /^Show changes of / },
    { path: '/commissions?status=pending', table: 'Commissions', status: true, action: /^Approve / },
    { path: '/invoices', table: 'Invoices', status: true, action: /^INV/ },
    { path: '/reports', table: 'Report' },
  ],
};

async function settle(page: Page): Promise<void> {
  await page
    .getByLabel(/^Loading/)
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => undefined);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(300);
}

/**
 * The width of a card's title: the leftmost cell of the card's top line that is not a selection checkbox;
 * null when the row is not laid out as a card (its cells side by side on one line).
 */
async function cardTitleWidth(row: Locator): Promise<number | null> {
  const cells = row.locator(':scope > td, :scope > th');
  const boxes: { x: number; y: number; width: number; height: number }[] = [];
  for (let i = 0; i < (await cells.count()); i++) {
    const cell = cells.nth(i);
    const box = await cell.boundingBox();
    if (!box || box.width === 0 || (await cell.locator('input[type=checkbox]').count()) > 0) continue;
    boxes.push(box);
  }
  if (boxes.length < 2) return null;
  // the top line: the cells beside the topmost one (a short title sits centred beside a tall status)
  const topmost = boxes.reduce((a, b) => (b.y < a.y ? b : a));
  const firstLine = boxes.filter((b) => b.y < topmost.y + topmost.height).sort((a, b) => a.x - b.x);
  // a table row: every cell on one line
  if (firstLine.length === boxes.length) return null;
  return firstLine[0]!.width;
}

beforeAll(() => mkdir(SHOTS, { recursive: true }));

describe('lists on a 390 px phone', () => {
  for (const [role, pages] of Object.entries(PAGES) as [keyof typeof PAGES, ListPage[]][]) {
    it(`${role}: every list shows its first row's status and main action without a sideways scroll`, async () => {
      const { page } = await app.openPage();
      await page.setViewportSize(PHONE);
      await logIn(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
      for (const list of pages) {
        await page.goto(list.path);
        await waitForPath(page, new URL(list.path, 'http://x').pathname);
        await settle(page);
        const where = `${role} ${list.path}`;
        if (list.table) {
          const row = page
            .getByRole('table', { name: list.table, exact: true })
            .locator('tbody > tr')
            .first();
          await row.waitFor();
          await scrollDownTo(row);
          // polled: a list's page may still grow above it (totals, charts) after the first look
          if (list.status) {
            const badge = row.locator('.mantine-Badge-root').first();
            await expect.poll(async () => await onScreen(badge), { message: `${where}: status` }).toBe(true);
          }
          // the card's title (top left) keeps room to be read beside the status: at least a third of the card
          const card = await row.boundingBox();
          const title = await cardTitleWidth(row);
          if (card && title !== null) {
            expect(title, `${where}: title width of a ${card.width} px card`).toBeGreaterThanOrEqual(
              card.width / 3,
            );
          }
          if (list.action) {
            const action = row.getByRole('button', { name: list.action }).first();
            await expect
              .poll(async () => await onScreen(action), { message: `${where}: main action` })
              .toBe(true);
          }
        }
        await page.screenshot({ path: `${SHOTS}/${role}${list.path.replace(/\W+/g, '-')}-390.png` });
        const { scrollWidth, innerWidth } = await pageWidth(page);
        expect(scrollWidth, `${where}: page width`).toBeLessThanOrEqual(innerWidth);
      }
    }, 180_000);
  }
});

describe('a card’s actions on a phone', () => {
  it('keeps a website’s main action as a button and puts the others behind a menu', async () => {
    const { page } = await app.openPage();
    await page.setViewportSize(PHONE);
    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await page.goto('/websites');
    const row = page.getByRole('table', { name: 'Websites' }).locator('tbody > tr').first();
    await row.getByRole('button', { name: /^Verification of / }).waitFor();
    expect(await row.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    const more = row.getByRole('button', { name: /^More actions for / });
    await expect.poll(async () => await onScreen(more)).toBe(true);
    await more.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog').waitFor();
  });
});

describe('the admin dashboard’s caches on a phone', () => {
  it('shows every cache’s name and figures on screen, with no sideways scroll', async () => {
    const { page } = await app.openPage();
    await page.setViewportSize(PHONE);
    await logIn(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await page.goto('/dashboard');
    const rows = page.getByRole('table', { name: 'Caches', exact: true }).locator('tbody > tr');
    await rows.first().waitFor();
    for (let i = 0, n = await rows.count(); i < n; i++) {
      const cells = rows.nth(i).locator('td');
      expect(await cells.count()).toBe(5);
      for (let c = 0; c < 5; c++) {
        await expect
          .poll(async () => await onScreen(cells.nth(c)), { message: `cache ${i}, column ${c}` })
          .toBe(true);
      }
    }
    await page.screenshot({ path: `${SHOTS}/admin-caches-390.png`, fullPage: true });
    const { scrollWidth, innerWidth } = await pageWidth(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
