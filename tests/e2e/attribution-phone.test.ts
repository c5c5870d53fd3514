import { describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn, waitForPath } from './support/app';
import { PHONE, onScreen, pageWidth } from './support/phone';
import { useE2e } from './support/suite';

// Issue 46 on a 390 px phone: the publisher's Referrals page and the campaign form's caps per publisher
// fit the screen (no sideways scroll) with their key figure and action in view.

const app = useE2e();
describe('referrals and caps on a 390 px phone', () => {
  it('shows a publisher’s referral link, copy button and referred publishers without a sideways scroll', async () => {
    const { page } = await app.openPage();
    await page.setViewportSize(PHONE);
    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await page.goto('/referrals');
    await waitForPath(page, '/referrals');
    await page.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor();
    const copy = page.getByRole('button', { name: 'Copy link' });
    await copy.waitFor();
    await expect.poll(() => onScreen(copy), { message: 'copy button' }).toBe(true);
    // the demo seed: Paula referred Priya, who earned her referral commissions
    const row = page.getByRole('table', { name: 'Referred publishers' }).locator('tbody > tr').first();
    await row.waitFor();
    await expect.poll(() => onScreen(row), { message: 'first referred publisher' }).toBe(true);
    const { scrollWidth, innerWidth } = await pageWidth(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }, 180_000);

  it('shows the campaign form’s caps per publisher without a sideways scroll', async () => {
    const { page } = await app.openPage();
    await page.setViewportSize(PHONE);
    await logIn(page, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await page.goto('/action=create');
    const dialog = page.getByRole('dialog', { name: 'Create campaign' });
    await dialog.waitFor();
    const caps = dialog.getByRole('group', { name: 'Caps per publisher' });
    for (const label of ['Conversions per day', 'Conversions per month']) {
      const field = caps.getByRole('textbox', { name: label });
      await expect.poll(() => onScreen(field), { message: label }).toBe(true);
    }
    const money = caps.getByRole('textbox', { name: /^Commission per month/ });
    await expect.poll(() => onScreen(money), { message: 'monthly commission cap' }).toBe(true);
    const { scrollWidth, innerWidth } = await pageWidth(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }, 180_000);
});
