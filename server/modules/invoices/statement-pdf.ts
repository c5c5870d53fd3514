import type { CurrencyCode } from '../../platform/currency-codes';
import { formatMinor } from '../../platform/money';
import {
  formatCountIn,
  formatDayIn,
  intlLocale,
  toLanguage,
  translator,
  type Language,
} from '../../platform/i18n';
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

type Found = NonNullable<Awaited<ReturnType<typeof findPayoutForStatement>>>;
/** the found payout; without a language the statement is English */
type Payout = Omit<Found, 'language'> & { language?: string };
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
/** "2026-03" → "Mar 2026" / "mar. 2026" */
function monthText(language: Language, month: string): string {
  if (language === 'en') return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

function sectionTitle(doc: PDFKit.PDFDocument, text: string): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('black')
    .text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.y += 4;
}

const METHODS: Record<string, string> = {
  bank_transfer: 'pdf:statement.method.bank_transfer',
  paypal: 'pdf:statement.method.paypal',
};

/** The payout method snapshot the payout took at request time: "PayPal (paula@example.com)". */
function methodText(t: (key: string) => string, method: Record<string, unknown>): string {
  const kind = typeof method.payout_method === 'string' ? method.payout_method : null;
  const details = typeof method.payout_details === 'string' ? method.payout_details : null;
  const known = kind ? METHODS[kind] : undefined;
  const name = known ? t(known) : kind;
  if (name && details) return `${name} (${details})`;
  return name ?? details ?? '—';
}

/**
 * The statement `publisher` gets for a paid payout: who, when, the transfer reference, a summary per
 * campaign and month with the total, then every commission. In the publisher's language (`p.language`),
 * whoever downloads it.
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
  const language = toLanguage(p.language);
  const t = translator(language);
  const day = (d: Date) => formatDayIn(language, d);
  const count = (n: number) => formatCountIn(language, n);
  const currency = payout.currency;
  const money = (minor: number) => formatMinor(minor, payout.currency as CurrencyCode);
  const reference = t('pdf:statement.reference', { id: payout.id.slice(0, 8).toUpperCase() });
  return renderPdf(
    {
      title: t('pdf:statement.title', { platform: PLATFORM_NAME, reference }),
      language,
      compress: options.compress,
    },
    (doc) => {
      header(doc, language, t('pdf:statement.heading'), reference, t('pdf:stamp.paid'));
      const top = doc.y;
      const half = CONTENT_WIDTH / 2 - 10;
      const paidTo = [
        p.displayName,
        p.publisherName,
        p.country,
        p.taxId ? t('pdf:statement.taxId', { id: p.taxId }) : null,
        p.publisherEmail,
      ].filter((line): line is string => Boolean(line && line.trim()));
      const leftEnd = block(doc, MARGIN, top, half, t('pdf:statement.paidTo'), paidTo);
      const rightEnd = facts(doc, MARGIN + CONTENT_WIDTH / 2 + 10, top, half, [
        [t('pdf:statement.requested'), day(payout.createdAt)],
        [t('pdf:fact.paidOn'), payout.paidAt ? day(payout.paidAt) : '—'],
        [t('pdf:statement.transferReference'), payout.reference ?? '—'],
        [t('pdf:statement.method'), methodText(t, payout.method)],
        [t('pdf:fact.currency'), currency],
      ]);
      doc.y = Math.max(leftEnd, rightEnd) + 24;
      sectionTitle(doc, t('pdf:statement.summary'));
      table(
        doc,
        [
          { header: t('pdf:col.month'), width: 0.17 },
          { header: t('pdf:col.campaign'), width: 0.43 },
          { header: t('pdf:col.commissions'), width: 0.2, align: 'right' },
          { header: t('pdf:col.amount', { currency }), width: 0.2, align: 'right' },
        ],
        summarizeStatement(lines).map((r) => [
          monthText(language, r.month),
          r.campaignName,
          count(r.commissions),
          money(r.amountMinor),
        ]),
      );
      totals(doc, [
        [t('pdf:statement.commissions'), count(lines.length)],
        [t('pdf:statement.totalPaid', { currency }), money(payout.amountMinor)],
      ]);
      doc.y += 20;
      sectionTitle(doc, t('pdf:statement.lines'));
      table(
        doc,
        [
          { header: t('pdf:col.date'), width: 0.17 },
          { header: t('pdf:col.campaign'), width: 0.38 },
          { header: t('pdf:col.order'), width: 0.25 },
          { header: t('pdf:col.amount', { currency }), width: 0.2, align: 'right' },
        ],
        lines.map((l) => [
          day(l.createdAt),
          l.campaignName,
          l.kind === 'clawback'
            ? t('pdf:statement.clawback')
            : (l.orderId ?? (l.kind === 'click' ? t('pdf:statement.click') : '—')),
          money(l.amountMinor),
        ]),
      );
      note(doc, t('pdf:statement.note', { platform: PLATFORM_NAME }));
      if (options.ledgerHead) {
        note(doc, t('pdf:statement.ledger', { seq: options.ledgerHead.seq, hash: options.ledgerHead.hash }));
      }
    },
  );
}
