import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn, waitForPath } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

/** Pages of a PDF: pdfkit writes one `/Type /Page` object per page (and one `/Type /Pages` tree). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;

describe('invoices', () => {
  it('lets an advertiser open their issued invoice from the nav and download a PDF that opens', async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'Invoices' }).click();
    await waitForPath(page, '/invoices');

    // the seed issued one of alice's invoices of last month; drafts stay with the admins
    const row = page.getByRole('row').filter({ hasText: /INV-\d{4}-\d{4}/ });
    await row.first().waitFor({ timeout: 30_000 });
    await expect(page.getByText('Draft', { exact: true }).count()).resolves.toBe(0);
    const number = (await row.first().getByRole('button').innerText()).trim();
    expect(number).toMatch(/^INV-\d{4}-\d{4}$/);
    await row.first().getByRole('button', { name: number }).click();

    const drawer = page.getByRole('dialog', { name: 'Invoice' });
    await drawer.getByRole('heading', { name: number }).waitFor();
    await expect(drawer.getByText('Platform fee (10%)').count()).resolves.toBe(1);
    expect(new URL(page.url()).searchParams.get('id')).toMatch(/^[0-9a-f-]{36}$/);

    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile((await file.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(1);
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  });
});
