import type { CurrencyCode } from '../../platform/currency-codes';
import { formatMinor } from '../../platform/money';
import type { MinorSum } from '../../platform/minor-sum';
import { formatDayIn, formatMonthIn, translator, type Language } from '../../platform/i18n';
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
  draft: 'pdf:stamp.draft',
  paid: 'pdf:stamp.paid',
  void: 'pdf:stamp.void',
};

/**
 * The invoice as an A4 PDF: platform, number and dates, the advertiser's billing details as they were
 * when the invoice was made, a line per campaign, subtotal, the platform fee with its rate, the total.
 * Written in the advertiser's `language`, whoever downloads it: it is the advertiser's document.
 */
export function invoicePdf(
  invoice: Invoice,
  options: { compress?: boolean; language?: Language } = {},
): Promise<Buffer> {
  const language = options.language ?? 'en';
  const t = translator(language);
  const day = (d: Date | string) => formatDayIn(language, d);
  const money = (minor: MinorSum) => formatMinor(BigInt(minor), invoice.currency as CurrencyCode);
  const currency = invoice.currency;
  const stamp = STAMPS[invoice.status];
  return renderPdf({ title: invoice.number, language, compress: options.compress }, (doc) => {
    header(doc, language, t('pdf:invoice.heading'), invoice.number, stamp && t(stamp));
    const top = doc.y;
    const half = CONTENT_WIDTH / 2 - 10;
    const b = invoice.billing;
    const billedTo = [
      b.company_name,
      b.company_name && b.name ? t('pdf:invoice.attn', { name: b.name }) : b.name,
      ...(b.billing_address ?? '').split(/\r?\n/),
      b.country,
      b.vat_id ? t('pdf:invoice.vatId', { id: b.vat_id }) : null,
      b.email,
    ].filter((line): line is string => Boolean(line && line.trim()));
    const leftEnd = block(doc, MARGIN, top, half, t('pdf:invoice.billTo'), billedTo);
    const rightEnd = facts(doc, MARGIN + CONTENT_WIDTH / 2 + 10, top, half, [
      [t('pdf:invoice.number'), invoice.number],
      [t('pdf:invoice.issueDate'), invoice.issued_at ? day(invoice.issued_at) : t('pdf:invoice.notIssued')],
      [t('pdf:invoice.dueDate'), invoice.due_at ? day(invoice.due_at) : '—'],
      [t('pdf:invoice.period'), formatMonthIn(language, invoice.month)],
      [t('pdf:fact.currency'), currency],
      ...(invoice.paid_at ? ([[t('pdf:fact.paidOn'), day(invoice.paid_at)]] as [string, string][]) : []),
    ]);
    doc.y = Math.max(leftEnd, rightEnd) + 24;
    doc.x = MARGIN;
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        t('pdf:invoice.intro', { month: formatMonthIn(language, invoice.month), platform: PLATFORM_NAME }),
        MARGIN,
        doc.y,
        { width: CONTENT_WIDTH },
      );
    doc.y += 10;
    table(
      doc,
      [
        { header: t('pdf:col.campaign'), width: 0.6 },
        { header: t('pdf:col.commissions'), width: 0.15, align: 'right' },
        { header: t('pdf:col.amount', { currency }), width: 0.25, align: 'right' },
      ],
      invoice.lines.map((l) => [l.campaign_name, String(l.commissions), money(l.amount_minor)]),
    );
    totals(doc, [
      [t('pdf:invoice.subtotal'), money(invoice.subtotal_minor)],
      [t('pdf:invoice.fee', { percent: feePercent(invoice.fee_bps) }), money(invoice.fee_minor)],
      [t('pdf:invoice.total', { currency }), money(invoice.total_minor)],
    ]);
    note(
      doc,
      invoice.status === 'void'
        ? t('pdf:invoice.voidNote')
        : t('pdf:invoice.payNote', { currency, number: invoice.number }),
    );
  });
}
