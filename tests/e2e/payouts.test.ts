import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn, logOut } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

/** The balance card's row of one currency on /commissions. */
function balanceRow(page: Page, currency: string) {
  return page
    .getByRole('table', { name: 'Balance per currency' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: currency, exact: true }) });
}

/** The "Available" figure of a currency's balance, as shown (without the converted-from note). */
async function available(page: Page, currency: string): Promise<string> {
  const text = await balanceRow(page, currency).getByRole('cell').nth(1).innerText();
  return text.split('\n')[0]!.trim();
}

describe('payouts', () => {
  it('a publisher requests a payout, an admin approves it and marks it paid, the publisher sees it paid', async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await page.goto('/commissions');
    const request = balanceRow(page, 'EUR').getByRole('button', { name: 'Request payout in EUR' });
    await request.waitFor({ timeout: 30_000 });
    const before = await available(page, 'EUR');
    expect(before).not.toMatch(/^\D*0\.00$/);
    await request.click();
    const dialog = page.getByRole('dialog', { name: 'Request a payout in EUR' });
    await dialog.getByRole('button', { name: 'Request payout' }).click();
    await page.getByText('Payout requested', { exact: true }).waitFor();
    // the balance drops to nothing and the row shows the open payout instead of the button
    await balanceRow(page, 'EUR').getByText('Requested').waitFor();
    await expect.poll(() => available(page, 'EUR')).toMatch(/^\D*0\.00$/);
    const history = page.getByRole('table', { name: 'Payout history' });
    await history.getByRole('row').nth(1).getByText('Requested').waitFor();
    await logOut(page);

    await logIn(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await page.goto('/admin-payouts');
    const queue = page.getByRole('table', { name: 'Payout queue' });
    const paula = queue.getByRole('row').filter({ hasText: ACCOUNTS.publisher.email });
    await paula.getByRole('button', { name: /^Approve payout of/ }).click();
    await paula.getByText('Processing').waitFor();
    await paula.getByRole('button', { name: /^Mark paid: payout of / }).click();
    const paid = page.getByRole('dialog', { name: 'Mark payout paid' });
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await paid.getByText('A transfer reference is required').waitFor();
    await paid.getByLabel('Transfer reference').fill('SEPA-E2E-0001');
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByText(/^Paula Pereira, .*: marked paid\.$/).waitFor();
    // paid is no longer open: it leaves the default view of the queue
    await expect.poll(() => paula.count()).toBe(0);
    await logOut(page);

    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await page.goto('/commissions');
    const latest = page.getByRole('table', { name: 'Payout history' }).getByRole('row').nth(1);
    await latest.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    await latest.getByText('SEPA-E2E-0001').waitFor();
    await latest.getByRole('button', { name: 'Statement (PDF)' }).waitFor();
    expect(await available(page, 'EUR')).toMatch(/^\D*0\.00$/);
    await balanceRow(page, 'EUR').getByRole('button', { name: 'Request payout in EUR' }).waitFor();
  });
});
