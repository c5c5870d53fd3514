import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn, waitForPath } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

/** The number shown on a KPI card (a named group), digits only: "12,345" → 12345. */
async function kpi(page: Page, label: string): Promise<number> {
  const card = page.getByRole('group', { name: label, exact: true });
  await card.waitFor({ timeout: 30_000 });
  const text = (await card.innerText()).split('\n').slice(1).join(' ');
  const digits = text.match(/[\d.,]+/)?.[0] ?? '';
  return Number(digits.replace(/[^\d]/g, ''));
}

/** A rendered chart: recharts draws an svg with a surface class. */
async function expectChart(page: Page): Promise<void> {
  await page.locator('svg.recharts-surface').first().waitFor({ timeout: 30_000 });
}

describe('dashboards and reports on a fresh demo install', () => {
  it.each([
    ['advertiser', ACCOUNTS.advertiser, 'Clicks'],
    ['publisher', ACCOUNTS.publisher, 'Clicks'],
    ['admin', ACCOUNTS.admin, 'Clicks'],
  ] as const)('shows the %s non-zero figures and a chart', async (_role, account, label) => {
    const { page } = await app.openPage();
    await logIn(page, account.email, account.password);
    await waitForPath(page, '/dashboard');
    expect(await kpi(page, label)).toBeGreaterThan(0);
    expect(await kpi(page, 'Conversions')).toBeGreaterThan(0);
    await expectChart(page);
  });

  it('renders a report with a chart and exports a CSV whose totals match the table', async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await page.goto('/reports');
    const table = page.getByRole('table', { name: 'Report' });
    await table.waitFor({ timeout: 30_000 });
    await expectChart(page);
    const totalRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Total' }) });
    const cells = await totalRow.getByRole('cell').allInnerTexts();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    const clicksAt = headers.findIndex((h) => /^clicks/i.test(h.trim())) - 1;
    const tableClicks = Number(cells[clicksAt]!.replace(/[^\d]/g, ''));
    expect(tableClicks).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const csv = await readFile((await file.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'key,label,clicks,unique_clicks,conversions,revenue,commission,currency,cr,epc,capped,held,rejected_for_fraud',
    );
    const total = lines.at(-1)!.split(',');
    expect(total[0]).toBe('total');
    expect(Number(total[2])).toBe(tableClicks);
  });
});
