import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn, waitForPath } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';
const WIDTHS = [390, 1366] as const;

const LISTS = {
  advertiser: ['/campaigns', '/commissions', '/publishers', '/tracking', '/invoices'],
  publisher: ['/campaigns', '/websites', '/applications', '/commissions', '/invoices'],
  admin: ['/campaigns', '/admin-advertisers', '/admin-publishers', '/admin-applications', '/admin-payouts'],
} as const;

async function settle(page: Page): Promise<void> {
  await page
    .getByLabel('Loading', { exact: true })
    .first()
    .waitFor({ state: 'detached', timeout: 20_000 })
    .catch(() => undefined);
  // Some pages poll (unread counts), so "network idle" may never come: give the data a moment instead.
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
}

/**
 * How wide the page is against the screen, any badge whose label is cut to an ellipsis, and any name drawn
 * as a link-button that would centre its lines when it wraps on a phone.
 */
function layoutProblems(page: Page) {
  // A string: the e2e project is typed without the DOM library.
  return page.evaluate<{
    scrollWidth: number;
    innerWidth: number;
    cutBadges: string[];
    centredLinks: string[];
  }>(`({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    cutBadges: [...document.querySelectorAll('.mantine-Badge-root')]
      .filter((badge) => badge.offsetParent !== null && badge.scrollWidth > badge.clientWidth + 1)
      .map((badge) => badge.textContent),
    centredLinks: [...document.querySelectorAll('main button.mantine-Anchor-root')]
      .filter((link) => link.offsetParent !== null && getComputedStyle(link).textAlign === 'center')
      .map((link) => link.textContent),
  })`);
}

const PHONE = { width: 390, height: 844 };

/** A signed-in page of `role` on a 390 px phone, at `path`. */
async function onPhone(role: keyof typeof ACCOUNTS, path: string): Promise<Page> {
  const { page } = await app.openPage();
  await page.setViewportSize(PHONE);
  await logIn(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
  await page.goto(path);
  return page;
}

/** A button within the phone's width (on its row's card), not off screen to the side. */
const inView = (box: { x: number; width: number } | null) =>
  box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;

describe('rough edges a new user hit', () => {
  for (const [role, paths] of Object.entries(LISTS) as [keyof typeof LISTS, readonly string[]][]) {
    it.each(WIDTHS)(
      `${role}: list pages fit a %i px wide screen, badges whole`,
      async (width) => {
        const { page } = await app.openPage();
        await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
        await logIn(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
        {
          for (const path of paths) {
            await page.goto(path);
            await waitForPath(page, path);
            await settle(page);
            await page.getByRole('heading', { level: 1 }).first().waitFor();
            await page.screenshot({
              path: `${SHOTS}/rough-edges-${role}${path.replace(/\W+/g, '-')}-${width}.png`,
            });
            const found = await layoutProblems(page);
            expect({ path, width, ...found }).toEqual({
              path,
              width,
              scrollWidth: found.innerWidth,
              innerWidth: found.innerWidth,
              cutBadges: [],
              centredLinks: [],
            });
          }
        }
      },
      120_000,
    );
  }

  it("shows a publisher their application's state instead of Apply", async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await page.goto('/campaigns');
    const table = page.getByRole('table', { name: 'Campaigns' });
    const approvedRows = table.getByRole('row').filter({ hasText: 'Approved' });
    await approvedRows.first().waitFor();
    expect(await approvedRows.count()).toBeGreaterThan(0);
    for (let i = 0, n = await approvedRows.count(); i < n; i++) {
      expect(
        await approvedRows
          .nth(i)
          .getByRole('button', { name: /^Apply/ })
          .count(),
      ).toBe(0);
    }
  });

  it('keeps campaign filters across a reload and puts secondary row actions in a menu', async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await page.goto('/campaigns');
    await page.getByLabel('Status filter', { exact: true }).selectOption('active');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('active');
    await page.reload();
    await settle(page);
    expect(await page.getByLabel('Status filter', { exact: true }).inputValue()).toBe('active');
    const rows = page.getByRole('table', { name: 'Campaigns' }).getByRole('row');
    await rows.nth(1).waitFor();
    expect(await rows.filter({ hasText: /paused|draft|ended/i }).count()).toBe(0);

    const first = rows.nth(1);
    expect(await first.getByRole('button', { name: /^Edit / }).count()).toBe(1);
    await first.getByRole('button', { name: /^More actions for / }).click();
    for (const item of ['Publishers', 'Analytics', 'Delete'])
      await page.getByRole('menuitem', { name: item }).waitFor();
  });

  it("shows a list's figures on its cards and a campaign's details whole on a phone", async () => {
    const page = await onPhone('publisher', '/campaigns');
    const table = page.getByRole('table', { name: 'Campaigns' });
    await table.getByRole('row').nth(1).waitFor();
    // each campaign is a card: its status, commission and Apply are in view without a sideways scroll
    const first = table.locator('tbody > tr').first();
    expect(inView(await first.locator('.mantine-Badge-root').first().boundingBox())).toBe(true);
    expect(inView(await first.getByText(/% of each order|per click/).first().boundingBox())).toBe(true);
    const apply = await table
      .getByRole('button', { name: /^Apply to / })
      .first()
      .boundingBox();
    expect(inView(apply)).toBe(true);
    // a long landing URL and terms wrap inside the dialog
    await table.getByRole('button', { name: /^Brennan Cloud Backup/ }).click();
    await page
      .getByRole('dialog', { name: /^Brennan Cloud Backup/ })
      .getByText('Terms')
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/rough-edges-campaign-details-390.png` });
    const body = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(`(() => {
      const body = document.querySelector('.mantine-Modal-body');
      return { scrollWidth: body.scrollWidth, clientWidth: body.clientWidth };
    })()`);
    expect(body.scrollWidth).toBeLessThanOrEqual(body.clientWidth);
  });

  it('keeps a decision queue’s checkboxes narrow and its buttons in view on a phone', async () => {
    const page = await onPhone('advertiser', '/commissions?status=pending');
    const table = page.getByRole('table', { name: 'Commissions' });
    await table.getByRole('row').nth(1).waitFor();
    const tick = await table.getByRole('columnheader').first().boundingBox();
    expect(tick && tick.width < 390 * 0.2).toBe(true);
    const row = table.getByRole('row').nth(1);
    for (const name of [/^Approve/, /^Reject/]) {
      expect(inView(await row.getByRole('button', { name }).boundingBox())).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}/rough-edges-commissions-decide-390.png` });
  });

  it('keeps a publisher’s copy-link button in view on a phone', async () => {
    const page = await onPhone('publisher', '/tracking');
    const table = page.getByRole('table', { name: 'Tracking links' });
    const copy = await table
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Copy link of/ })
      .boundingBox();
    expect(inView(copy)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/rough-edges-tracking-390.png` });
  });

  it('greets a visitor with the product, a pitch and a way to register', async () => {
    const { page } = await app.openPage();
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    await page.getByText('Affilio', { exact: true }).waitFor();
    await page.getByText(/affiliate marketplace/i).waitFor();
    await page.screenshot({ path: `${SHOTS}/rough-edges-login-390.png` });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await waitForPath(page, '/register');
  });
});
