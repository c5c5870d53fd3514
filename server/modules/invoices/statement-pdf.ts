import type { CurrencyCode } from '../../platform/currency-codes';
import { formatMinor } from '../../platform/money';
import { formatDay } from '../../platform/text-dates';
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
import type { findPayoutForStatement, payoutCommissions } from './statement-queries';

type Payout = NonNullable<Awaited<ReturnType<typeof findPayoutForStatement>>>;
type Lines = Awaited<ReturnType<typeof payoutCommissions>>;

const METHODS: Record<string, string> = { bank_transfer: 'Bank transfer', paypal: 'PayPal' };

/** The payout method snapshot the payout took at request time: "PayPal (paula@example.com)". */
function methodText(method: Record<string, unknown>): string {
  const kind = typeof method.payout_method === 'string' ? method.payout_method : null;
  const details = typeof method.payout_details === 'string' ? method.payout_details : null;
  const name = kind ? (METHODS[kind] ?? kind) : null;
  if (name && details) return `${name} (${details})`;
  return name ?? details ?? '—';
}

/** The statement `publisher` gets for a paid payout: who, when, the transfer reference, every commission. */
export function statementPdf(p: Payout, lines: Lines, options: { compress?: boolean } = {}): Promise<Buffer> {
  const payout = p.payout;
  const money = (minor: number) => formatMinor(minor, payout.currency as CurrencyCode);
  const reference = `Payout ${payout.id.slice(0, 8).toUpperCase()}`;
  return renderPdf(
    { title: `${PLATFORM_NAME} payout statement ${reference}`, compress: options.compress },
    (doc) => {
      header(doc, 'Payout statement', reference, 'PAID');
      const top = doc.y;
      const half = CONTENT_WIDTH / 2 - 10;
      const paidTo = [
        p.displayName,
        p.publisherName,
        p.country,
        p.taxId ? `Tax ID: ${p.taxId}` : null,
        p.publisherEmail,
      ].filter((line): line is string => Boolean(line && line.trim()));
      const leftEnd = block(doc, MARGIN, top, half, 'Paid to', paidTo);
      const rightEnd = facts(doc, MARGIN + CONTENT_WIDTH / 2 + 10, top, half, [
        ['Requested', formatDay(payout.createdAt)],
        ['Paid on', payout.paidAt ? formatDay(payout.paidAt) : '—'],
        ['Transfer reference', payout.reference ?? '—'],
        ['Method', methodText(payout.method)],
        ['Currency', payout.currency],
      ]);
      doc.y = Math.max(leftEnd, rightEnd) + 24;
      table(
        doc,
        [
          { header: 'Date', width: 0.17 },
          { header: 'Campaign', width: 0.38 },
          { header: 'Order', width: 0.25 },
          { header: `Amount (${payout.currency})`, width: 0.2, align: 'right' },
        ],
        lines.map((l) => [
          formatDay(l.createdAt),
          l.campaignName,
          l.kind === 'clawback'
            ? 'Clawback (refund)'
            : (l.orderId ?? (l.kind === 'click' ? 'Unique click' : '—')),
          money(l.amountMinor),
        ]),
      );
      totals(doc, [
        ['Commissions', String(lines.length)],
        [`Total paid (${payout.currency})`, money(payout.amountMinor)],
      ]);
      note(
        doc,
        `${PLATFORM_NAME} paid these approved commissions (clawbacks of refunded orders deducted) to the ` +
          'account above. Keep this statement for your records.',
      );
    },
  );
}
