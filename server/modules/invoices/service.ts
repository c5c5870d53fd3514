import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../platform/db-errors';
import { conflict, notFound, unprocessable } from '../../platform/http-error';
import { dayValue, monthValue, msg } from '../../platform/i18n';
import { audit } from '../../platform/audit';
import { recordIntegrationEvent } from '../../platform/outbox';
import type { CurrencyCode } from '../../platform/currency-codes';
import { formatMinor } from '../../platform/money';
import { getSettings } from '../../platform/settings';
import { toMinorSum, type MinorSum } from '../../platform/minor-sum';
import { findUserById, type UserRow } from '../../platform/current-user';
import { isEmailVerified, verificationRequired } from '../../platform/email-verification';
import { invoiceNumber, platformFeeMinor } from './money';
import * as q from './queries';
import type { Billing, GenerateBody, Invoice, InvoiceStatus, ListInvoicesQuery } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** payment terms: an issued invoice is due this many days later */
export const DUE_DAYS = 30;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toInvoiceResponse(v: q.InvoiceView): Invoice {
  const i = v.invoice;
  return {
    id: i.id,
    number: i.number,
    advertiser_id: i.advertiserId,
    advertiser_name: v.advertiserName,
    month: i.month,
    status: i.status,
    currency: i.currency,
    subtotal_minor: toMinorSum(i.subtotalMinor),
    fee_bps: i.feeBps,
    fee_minor: toMinorSum(i.feeMinor),
    total_minor: toMinorSum(i.totalMinor),
    billing: billingOf(i.billing),
    lines: v.lines.map((l) => ({
      campaign_id: l.campaignId,
      campaign_name: l.campaignName,
      commissions: l.commissions,
      amount_minor: toMinorSum(l.amountMinor),
    })),
    created_at: i.createdAt.toISOString(),
    issued_at: iso(i.issuedAt),
    due_at: iso(i.dueAt),
    paid_at: iso(i.paidAt),
    voided_at: iso(i.voidedAt),
  };
}

function billingOf(stored: Record<string, unknown>): Billing {
  const text = (key: string) => (typeof stored[key] === 'string' ? (stored[key] as string) : null);
  return {
    name: text('name') ?? '',
    email: text('email') ?? '',
    company_name: text('company_name'),
    billing_address: text('billing_address'),
    vat_id: text('vat_id'),
    country: text('country'),
  };
}

/** Drafts are the platform's work in progress: advertisers see an invoice once it is issued. */
const ADVERTISER_STATUSES: InvoiceStatus[] = ['issued', 'paid', 'void'];

function scopeFor(user: UserRow, query: Pick<ListInvoicesQuery, 'advertiser_id'>): q.InvoiceFilter {
  if (user.role === 'admin') return { advertiserId: query.advertiser_id };
  return { advertiserId: user.id, statuses: ADVERTISER_STATUSES };
}

export async function listInvoices(db: Db, user: UserRow, query: ListInvoicesQuery) {
  const scope = scopeFor(user, query);
  const status = query.status === 'all' ? undefined : query.status;
  const statuses = status ? (scope.statuses ?? [status]).filter((s) => s === status) : scope.statuses;
  const { items, total } = await q.listInvoices(
    db,
    { ...scope, statuses, month: query.month },
    { limit: query.limit, offset: query.offset },
  );
  return { items: items.map(toInvoiceResponse), total };
}

/** The invoice when `user` may see it; another advertiser's, or a draft for an advertiser, is a 404. */
export async function loadVisible(db: Db, user: UserRow, id: string): Promise<q.InvoiceView> {
  const [view] = await q.findInvoiceViews(db, [id]);
  const i = view?.invoice;
  const visible =
    i &&
    (user.role === 'admin' ||
      (user.role === 'advertiser' && i.advertiserId === user.id && ADVERTISER_STATUSES.includes(i.status)));
  if (!view || !visible) throw notFound('Invoice not found');
  return view;
}

export async function getInvoice(db: Db, user: UserRow, id: string): Promise<Invoice> {
  return toInvoiceResponse(await loadVisible(db, user, id));
}

/** The month before the one `now` is in, as YYYY-MM (UTC). */
export function previousMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

export interface GenerateOptions {
  /** who asked: an admin, or null for the monthly job and the seed */
  actorId: string | null;
  now?: Date;
  /**
   * the install's default for e-mail verification (config.requireEmailVerification), used while the admin
   * has not chosen; with verification on, advertisers who have not confirmed their e-mail are not invoiced
   */
  requireEmailVerification?: boolean;
}

export interface GenerateOutcome {
  invoices: Invoice[];
  /** advertisers with billable commissions left out because they have not confirmed their e-mail address */
  skippedUnverified: { advertiser_id: string; email: string }[];
}

/** generateInvoicesWithSkips, answering only the invoices it made. */
export async function generateInvoices(
  db: Db,
  body: GenerateBody,
  options: GenerateOptions,
): Promise<Invoice[]> {
  return (await generateInvoicesWithSkips(db, body, options)).invoices;
}

/**
 * Makes the month's draft invoices: one per advertiser and campaign currency with billable commissions
 * (see queries.billable), lines per campaign, the platform fee of the settings. Idempotent: commissions
 * already on an invoice are not billed again, and an advertiser, month and currency with a non-void
 * invoice gets no second one. Each invoice is its own transaction (its number comes from the year's
 * counter in that transaction). Answers the invoices it made.
 */
export async function generateInvoicesWithSkips(
  db: Db,
  body: GenerateBody,
  { actorId, now = new Date(), requireEmailVerification = false }: GenerateOptions,
): Promise<GenerateOutcome> {
  const range = q.monthRange(body.month);
  if (range.to.getTime() > now.getTime()) {
    throw unprocessable(
      `month: invoices cover whole months; ${body.month} ends on ${range.to.toISOString().slice(0, 10)}`,
    );
  }
  if (body.advertiser_id) {
    const found = await findUserById(db, body.advertiser_id);
    if (found?.user.role !== 'advertiser') throw notFound('Advertiser not found');
  }
  const settings = await getSettings(db);
  const { platformFeeBps } = settings;
  const gated = verificationRequired(settings, requireEmailVerification);
  const made: string[] = [];
  const skipped = new Map<string, string>();
  for (const group of await q.billableGroups(db, range, body.advertiser_id)) {
    if (gated) {
      const advertiser = await findUserById(db, group.advertiserId);
      if (advertiser && !isEmailVerified(advertiser.user)) {
        skipped.set(advertiser.user.id, advertiser.user.email);
        continue;
      }
    }
    const id = await generateOne(
      db,
      { ...group, month: body.month, range, feeBps: platformFeeBps, now },
      actorId,
    );
    if (id) made.push(id);
  }
  const invoices = (await q.findInvoiceViews(db, made))
    .map(toInvoiceResponse)
    .sort((a, b) => a.number.localeCompare(b.number));
  const skippedUnverified = [...skipped].map(([advertiser_id, email]) => ({ advertiser_id, email }));
  if (body.advertiser_id && skippedUnverified.length > 0) {
    throw unprocessable(
      `${skippedUnverified[0]!.email} has not confirmed their e-mail address: their invoices wait until they do`,
    );
  }
  return { invoices, skippedUnverified };
}

interface OneInvoice {
  advertiserId: string;
  currency: string;
  month: string;
  range: q.MonthRange;
  feeBps: number;
  now: Date;
}

async function generateOne(db: Db, o: OneInvoice, actorId: string | null): Promise<string | null> {
  const advertiser = await findUserById(db, o.advertiserId);
  const billing: Billing = {
    name: advertiser?.user.name ?? '',
    email: advertiser?.user.email ?? '',
    company_name: advertiser?.profile?.companyName ?? null,
    billing_address: advertiser?.profile?.billingAddress ?? null,
    vat_id: advertiser?.profile?.vatId ?? null,
    country: advertiser?.profile?.country ?? null,
  };
  try {
    return await db.transaction(async (tx) => {
      const rows = await q.lockBillable(tx, o.range, o.advertiserId, o.currency);
      if (rows.length === 0) return null;
      if (await q.hasOpenInvoice(tx, o.advertiserId, o.month, o.currency)) return null;
      const lines = new Map<string, { campaignId: string; commissions: number; amountMinor: bigint }>();
      for (const r of rows) {
        const line = lines.get(r.campaignId) ?? { campaignId: r.campaignId, commissions: 0, amountMinor: 0n };
        line.commissions += 1;
        line.amountMinor += BigInt(r.amountMinor);
        lines.set(r.campaignId, line);
      }
      // each commission is a safe integer (amounts are capped), their sum need not be: BigInt, exact
      const subtotal = rows.reduce((sum, r) => sum + BigInt(r.amountMinor), 0n);
      const fee = platformFeeMinor(subtotal, o.feeBps);
      const year = o.now.getUTCFullYear();
      const number = invoiceNumber(year, await q.nextInvoiceNumber(tx, year));
      const invoice = await q.insertInvoice(
        tx,
        {
          number,
          advertiserId: o.advertiserId,
          month: o.month,
          status: 'draft',
          currency: o.currency,
          subtotalMinor: subtotal,
          feeBps: o.feeBps,
          feeMinor: fee,
          totalMinor: subtotal + fee,
          billing: { ...billing },
          createdAt: o.now,
          updatedAt: o.now,
        },
        [...lines.values()],
        rows.map((r) => r.id),
      );
      await audit(tx, {
        actorId,
        action: 'invoice.generated',
        entityType: 'invoice',
        entityId: invoice.id,
        after: {
          number,
          month: o.month,
          status: 'draft',
          currency: o.currency,
          commissions: rows.length,
          subtotal_minor: toMinorSum(subtotal),
          fee_bps: o.feeBps,
          fee_minor: toMinorSum(fee),
          total_minor: toMinorSum(subtotal + fee),
        },
      });
      return invoice.id;
    });
  } catch (err) {
    // another generator made this advertiser's invoice for the month and currency meanwhile
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export type InvoiceAction = 'issue' | 'paid' | 'void';

const TRANSITIONS: Record<
  InvoiceAction,
  { from: readonly InvoiceStatus[]; to: InvoiceStatus; refusal: string }
> = {
  issue: { from: ['draft'], to: 'issued', refusal: 'only a draft can be issued' },
  paid: { from: ['issued'], to: 'paid', refusal: 'only an issued invoice can be marked paid' },
  void: { from: ['draft', 'issued'], to: 'void', refusal: 'only a draft or issued invoice can be voided' },
};

/**
 * An admin moves an invoice on: draft → issued (due in DUE_DAYS days; the advertiser is notified),
 * issued → paid, draft | issued → void (its commissions are released, so the month can be invoiced
 * again). Anything else is a 409 naming the current status. Audit-logged in the same transaction.
 */
export async function transitionInvoice(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  action: InvoiceAction,
  now = new Date(),
): Promise<Invoice> {
  const current = await loadVisible(ctx.db, actor, id);
  const { from, to, refusal } = TRANSITIONS[action];
  const patch =
    action === 'issue'
      ? { status: to, issuedAt: now, dueAt: new Date(now.getTime() + DUE_DAYS * DAY_MS) }
      : action === 'paid'
        ? { status: to, paidAt: now }
        : { status: to, voidedAt: now };
  const changed = await ctx.db.transaction(async (tx) => {
    const row = await q.transition(tx, id, from, patch);
    if (!row) return null;
    const released = action === 'void' ? await q.releaseCommissions(tx, id) : undefined;
    await audit(tx, {
      actorId: actor.id,
      action: `invoice.${to}`,
      entityType: 'invoice',
      entityId: id,
      before: { status: current.invoice.status },
      after: {
        status: to,
        number: row.number,
        total_minor: toMinorSum(row.totalMinor),
        currency: row.currency,
        ...(released !== undefined ? { released_commissions: released } : {}),
      },
    });
    if (action === 'issue') {
      const [view] = await q.findInvoiceViews(tx, [id]);
      if (view) {
        await recordIntegrationEvent(tx, {
          type: 'invoice.issued',
          data: toInvoiceResponse(view),
          audience: [row.advertiserId],
        });
      }
    }
    return row;
  });
  if (!changed) {
    const [latest] = await q.findInvoiceViews(ctx.db, [id]);
    const status = latest?.invoice.status ?? current.invoice.status;
    throw conflict(`The invoice is ${status}; ${refusal}`);
  }
  const [view] = await q.findInvoiceViews(ctx.db, [id]);
  if (!view) throw notFound('Invoice not found');
  if (action === 'issue') await notifyIssued(ctx, view);
  return toInvoiceResponse(view);
}

/** What the advertiser is told when an invoice is issued (also the demo seed's notification). */
export function issuedNotice(i: {
  id: string;
  number: string;
  totalMinor: MinorSum | bigint;
  currency: string;
  month: string;
  dueAt: Date;
}) {
  return {
    category: 'invoice' as const,
    priority: 'high' as const,
    isImportant: true,
    requiresAction: true,
    title: msg('notifications:invoice.issued.title', {
      number: i.number,
      amount: formatMinor(BigInt(i.totalMinor), i.currency as CurrencyCode),
    }),
    body: msg('notifications:invoice.issued.body', {
      month: monthValue(i.month),
      due: dayValue(i.dueAt),
    }),
    link: `/invoices?id=${i.id}`,
    data: { type: 'invoice', id: i.id, number: i.number },
  };
}

async function notifyIssued(ctx: AppContext, view: q.InvoiceView): Promise<void> {
  const { dueAt, ...invoice } = view.invoice;
  if (!dueAt) return; // issuing sets the due date
  await ctx.notifier.notify(invoice.advertiserId, issuedNotice({ ...invoice, dueAt })).catch(() => undefined);
}
