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

export interface StatementSummaryRow {
  /** YYYY-MM (UTC), the month the commissions were earned */
  month: string;
  campaignName: string;
  commissions: number;
  amountMinor: number;
}

/**
 * The statement's first table: one row per month and campaign (months oldest first, campaigns by name),
 * so a payout of a thousand click commissions reads in a few lines before the lines themselves.
 * Sums are exact integer minor units (clawbacks included, negative).
 */
export function summarizeStatement(
  lines: Pick<Lines[number], 'createdAt' | 'campaignName' | 'amountMinor'>[],
): StatementSummaryRow[] {
  const rows = new Map<string, StatementSummaryRow>();
  for (const l of lines) {
    const month = l.createdAt.toISOString().slice(0, 7);
    const key = `${month}\u0000${l.campaignName}`;
    const row = rows.get(key) ?? { month, campaignName: l.campaignName, commissions: 0, amountMinor: 0 };
    row.commissions += 1;
    row.amountMinor += l.amountMinor;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.campaignName.localeCompare(b.campaignName),
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-03" → "Mar 2026" */
const monthText = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;

function sectionTitle(doc: PDFKit.PDFDocument, text: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('black')
    .text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 4;
}

const METHODS: Record<string, string> = { bank_transfer: 'Bank transfer', paypal: 'PayPal' };

/** The payout method snapshot the payout took at request time: "PayPal (paula@example.com)". */
function methodText(method: Record<string, unknown>): string {
  const kind = typeof method.payout_method === 'string' ? method.payout_method : null;
  const details = typeof method.payout_details === 'string' ? method.payout_details : null;
  const name = kind ? (METHODS[kind] ?? kind) : null;
  if (name && details) return `${name} (${details})`;
  return name ?? details ?? '—';
}

/**
 * The statement `publisher` gets for a paid payout: who, when, the transfer reference, a summary per
 * campaign and month with the total, then every commission.
 */
export function statementPdf(
  p: Payout,
  lines: Lines,
  options: {
    compress?: boolean;
    /** the publisher's ledger head right after this payout's latest entry (README "Ledger") */
    ledgerHead?: { seq: number; hash: string } | null;
  } = {},
): Promise<Buffer> {
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
      sectionTitle(doc, 'Summary per campaign and month');
      table(
        doc,
        [
          { header: 'Month', width: 0.17 },
          { header: 'Campaign', width: 0.43 },
          { header: 'Commissions', width: 0.2, align: 'right' },
          { header: `Amount (${payout.currency})`, width: 0.2, align: 'right' },
        ],
        summarizeStatement(lines).map((r) => [
          monthText(r.month),
          r.campaignName,
          r.commissions.toLocaleString('en'),
          money(r.amountMinor),
        ]),
      );
      totals(doc, [
        ['Commissions', lines.length.toLocaleString('en')],
        [`Total paid (${payout.currency})`, money(payout.amountMinor)],
      ]);
      doc.y += 20;
      sectionTitle(doc, 'Commission lines');
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
          l.kind === 'clawback' ? 'Clawback (refund)' : (l.orderId ?? (l.kind === 'click' ? 'Click' : '—')),
          money(l.amountMinor),
        ]),
      );
      note(
        doc,
        `${PLATFORM_NAME} paid these approved commissions (clawbacks of refunded orders deducted) to the ` +
          'account above. Keep this statement for your records.',
      );
      if (options.ledgerHead) {
        note(
          doc,
          `Earnings ledger head after this payout: entry ${options.ledgerHead.seq}, SHA-256 ` +
            `${options.ledgerHead.hash}. Your exported ledger must still contain it: ` +
            `npm run ledger:verify -- ledger.jsonl --head ${options.ledgerHead.hash}`,
        );
      }
    },
  );
}
