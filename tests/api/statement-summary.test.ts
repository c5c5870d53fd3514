import { describe, expect, it } from 'vitest';
import { statementPdf, summarizeStatement } from '../../server/modules/invoices/statement-pdf';
import { pdfPageCount, pdfText } from './support/pdf';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
let n = 0;
const line = (
  createdAt: string,
  campaignName: string,
  amountMinor: number,
  orderId: string | null = null,
) => ({
  id: `l-${++n}`,
  kind: orderId ? ('conversion' as const) : ('click' as const),
  createdAt: day(createdAt),
  campaignName,
  orderId,
  amountMinor,
});

// 1,052 click commissions of 25 cents over two months and two campaigns, and one sale
const lines = [
  ...Array.from({ length: 600 }, () => line('2026-09-03', 'Northwind Journal', 25)),
  ...Array.from({ length: 400 }, () => line('2026-10-10', 'Northwind Journal', 25)),
  ...Array.from({ length: 52 }, () => line('2026-10-11', 'Alpine Gear', 25)),
  line('2026-10-12', 'Alpine Gear', 1500, 'A-1'),
];
const total = lines.reduce((sum, l) => sum + l.amountMinor, 0);

describe('payout statement summary', () => {
  it('sums per month and campaign, months oldest first, in exact minor units', () => {
    expect(summarizeStatement(lines)).toEqual([
      { month: '2026-09', campaignName: 'Northwind Journal', commissions: 600, amountMinor: 15000 },
      { month: '2026-10', campaignName: 'Alpine Gear', commissions: 53, amountMinor: 2800 },
      { month: '2026-10', campaignName: 'Northwind Journal', commissions: 400, amountMinor: 10000 },
    ]);
  });

  it('prints the summary and the total before the commission lines', async () => {
    const pdf = await statementPdf(
      {
        payout: {
          id: '6f0c8f6e-1c1d-4c57-9d55-0d3e4f2a1b2c',
          publisherId: 'p',
          status: 'paid',
          amountMinor: total,
          currency: 'USD',
          reference: 'TR-1',
          method: { payout_method: 'paypal', payout_details: 'paula@example.com' },
          createdAt: day('2026-11-01'),
          paidAt: day('2026-11-03'),
        } as never,
        publisherName: 'Paula',
        publisherEmail: 'paula@example.com',
        displayName: 'Paula’s Journal',
        country: 'DK',
        taxId: null,
      },
      lines,
      { compress: false },
    );
    const text = pdfText(pdf);
    const summary = text.indexOf('Summary per campaign and month');
    const detail = text.indexOf('Commission lines');
    expect(summary).toBeGreaterThan(0);
    expect(detail).toBeGreaterThan(summary);
    const head = text.slice(summary, detail);
    expect(head).toContain('Sep 2026');
    expect(head).toContain('600');
    expect(head).toContain('150.00 USD');
    expect(head).toContain('1,053');
    expect(head).toContain('28.00 USD');
    expect(head).toContain('278.00 USD');
    // the lines follow, CPC ones named "Click"
    expect(text.slice(detail)).toContain('Click');
    expect(text.slice(detail)).toContain('A-1');
    // the summary fits on the first page
    expect(pdfPageCount(pdf)).toBeGreaterThan(1);
    expect(text.indexOf('page 1 of')).toBeGreaterThan(detail);
  });
});
