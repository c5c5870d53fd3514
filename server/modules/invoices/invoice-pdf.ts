import type { CurrencyCode } from '../../platform/currency-codes';
import { formatMinor } from '../../platform/money';
import type { MinorSum } from '../../platform/minor-sum';
import { formatDay, formatMonth } from '../../platform/text-dates';
import { feePercent } from './money';
import {
  block,
  CONTENT_WIDTH,
  facts,
  header,
  MARGIN,
  note,
  PLATFORM_NAME,
  renderPdf,
  table,
  totals,
} from './pdf-layout';
import type { Invoice } from './schema';

const STAMPS: Partial<Record<Invoice['status'], string>> = {
  draft: 'DRAFT: NOT YET ISSUED',
  paid: 'PAID',
  void: 'VOID',
};

/**
 * The invoice as an A4 PDF: platform, number and dates, the advertiser's billing details as they were
 * when the invoice was made, a line per campaign, subtotal, the platform fee with its rate, the total.
 */
export function invoicePdf(invoice: Invoice, options: { compress?: boolean } = {}): Promise<Buffer> {
  const money = (minor: MinorSum) => formatMinor(BigInt(minor), invoice.currency as CurrencyCode);
  return renderPdf({ title: invoice.number, compress: options.compress }, (doc) => {
    header(doc, 'Invoice', invoice.number, STAMPS[invoice.status]);
    const top = doc.y;
    const half = CONTENT_WIDTH / 2 - 10;
    const b = invoice.billing;
    const billedTo = [
      b.company_name,
      b.company_name && b.name ? `Attn. ${b.name}` : b.name,
      ...(b.billing_address ?? '').split(/\r?\n/),
      b.country,
      b.vat_id ? `VAT ID: ${b.vat_id}` : null,
      b.email,
    ].filter((line): line is string => Boolean(line && line.trim()));
    const leftEnd = block(doc, MARGIN, top, half, 'Bill to', billedTo);
    const rightEnd = facts(doc, MARGIN + CONTENT_WIDTH / 2 + 10, top, half, [
      ['Invoice number', invoice.number],
      ['Issue date', invoice.issued_at ? formatDay(invoice.issued_at) : 'Not issued yet'],
      ['Due date', invoice.due_at ? formatDay(invoice.due_at) : '—'],
      ['Billing period', formatMonth(invoice.month)],
      ['Currency', invoice.currency],
      ...(invoice.paid_at ? ([['Paid on', formatDay(invoice.paid_at)]] as [string, string][]) : []),
    ]);
    doc.y = Math.max(leftEnd, rightEnd) + 24;
    doc.x = MARGIN;
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        `Approved affiliate commissions of ${formatMonth(invoice.month)} on your campaigns, per campaign, ` +
          `plus the ${PLATFORM_NAME} platform fee.`,
        MARGIN,
        doc.y,
        { width: CONTENT_WIDTH },
      );
    doc.y += 10;
    table(
      doc,
      [
        { header: 'Campaign', width: 0.6 },
        { header: 'Commissions', width: 0.15, align: 'right' },
        { header: `Amount (${invoice.currency})`, width: 0.25, align: 'right' },
      ],
      invoice.lines.map((l) => [l.campaign_name, String(l.commissions), money(l.amount_minor)]),
    );
    totals(doc, [
      ['Subtotal', money(invoice.subtotal_minor)],
      [`Platform fee (${feePercent(invoice.fee_bps)})`, money(invoice.fee_minor)],
      [`Total (${invoice.currency})`, money(invoice.total_minor)],
    ]);
    note(
      doc,
      invoice.status === 'void'
        ? 'This invoice was voided and is not payable.'
        : `Please pay the total in ${invoice.currency} by the due date, quoting ${invoice.number}. ` +
            'Clawbacks of refunded orders reduce the subtotal. Amounts are rounded to the nearest minor unit, halves away from zero.',
    );
  });
}
