import { toCsv } from '../../platform/csv';
import type { CurrencyCode } from '../../platform/currency-codes';
import { minorToMajorText } from '../../platform/money';
import type { MinorSum } from '../../platform/minor-sum';
import { feePercent } from './money';
import type { Invoice } from './schema';

const HEADER = ['invoice', 'month', 'row', 'campaign_id', 'campaign', 'commissions', 'amount', 'currency'];

/**
 * The invoice as CSV (formula-safe cells, CRLF): a row per campaign line, then the subtotal, the fee and
 * the total, money in major units like every other export.
 */
export function invoiceCsv(invoice: Invoice): string {
  const major = (minor: MinorSum) => minorToMajorText(BigInt(minor), invoice.currency as CurrencyCode);
  const row = (kind: string, campaign: [string, string] | null, count: number | null, minor: MinorSum) => [
    invoice.number,
    invoice.month,
    kind,
    campaign?.[0] ?? '',
    campaign?.[1] ?? '',
    count,
    major(minor),
    invoice.currency,
  ];
  const commissions = invoice.lines.reduce((n, l) => n + l.commissions, 0);
  return toCsv(HEADER, [
    ...invoice.lines.map((l) => row('line', [l.campaign_id, l.campaign_name], l.commissions, l.amount_minor)),
    row('subtotal', null, commissions, invoice.subtotal_minor),
    row(`platform fee ${feePercent(invoice.fee_bps)}`, null, null, invoice.fee_minor),
    row('total', null, null, invoice.total_minor),
  ]);
}
