import { and, eq, lte, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { CommissionRow } from '../../db/rows';
import { commissions } from '../../db/schema/commissions';
import { conversions } from '../../db/schema/tracking';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http-error';
import { audit } from '../../platform/audit';
import { recordIntegrationEvents } from '../../platform/outbox';
import type { CurrencyCode } from '../../platform/currency-codes';
import { formatMinor } from '../../platform/money';
import { getSettings } from '../../platform/settings';
import type { UserRow } from '../../platform/current-user';
import { msg } from '../../platform/i18n';
import { recordCommissionChanges, recordCommissionsCreated } from '../ledger/service';
import { commissionEvents } from './integration-events';
import * as q from './queries';
import type { FraudRule } from '../../../contracts/fraud-schema';
import { createReferralCommissions, reverseReferralOf } from './referral-commissions';
import type { BulkMatchingBody, Commission, ListCommissionsQuery, TotalsQuery } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A commission on the wire. `showFraudDetail`: the figures behind each fraud rule that fired, for the
 * advertiser and admins; a publisher learns only which rules, not how to stay under them.
 */
export function toCommissionResponse(
  v: q.CommissionView,
  holdDays: number,
  showFraudDetail = false,
): Commission {
  const c = v.commission;
  return {
    id: c.id,
    kind: c.kind,
    status: c.status,
    amount_minor: c.amountMinor,
    currency: c.currency,
    campaign_id: c.campaignId,
    campaign_name: v.campaignName,
    advertiser_id: c.advertiserId,
    publisher_id: c.publisherId,
    publisher_name: v.publisherName,
    website_id: c.websiteId,
    conversion_id: c.conversionId,
    click_id: c.clickId,
    order_id: v.orderId,
    event: v.event ?? (c.kind === 'click' ? 'click' : null),
    sale_amount_minor: v.saleAmountMinor,
    client_reported: v.clientReported ?? false,
    attributed_by: v.attributedBy ?? (c.kind === 'click' ? 'click' : null),
    coupon_code: v.couponCode,
    reason: c.reason,
    rule: c.rule,
    on_review: c.onReview,
    fraud_score: c.fraudScore,
    fraud_reasons: c.fraudReasons.map((r) =>
      showFraudDetail ? { rule: r.rule as FraudRule, detail: r.detail } : { rule: r.rule as FraudRule },
    ),
    reverses_id: c.reversesId,
    referral_of: c.referralOf,
    payout_id: c.payoutId,
    is_test: c.isTest,
    created_at: c.createdAt.toISOString(),
    decided_at: iso(c.decidedAt),
    auto_approve_at:
      // an unsigned pixel's commission, and one held by the fraud rules, waits for the advertiser's decision
      c.status === 'pending' && !c.isTest && !v.clientReported && !c.onReview
        ? new Date(c.createdAt.getTime() + holdDays * DAY_MS).toISOString()
        : null,
  };
}

/** Who sees which commissions: publishers their own, advertisers those on their campaigns, admins all. */
function scopeFor(user: UserRow, requestedPublisher?: string): q.CommissionFilter {
  if (user.role === 'publisher') return { publisherId: user.id };
  if (user.role === 'advertiser') return { advertiserId: user.id, publisherId: requestedPublisher };
  return { publisherId: requestedPublisher };
}

export async function listCommissions(db: Db, user: UserRow, query: ListCommissionsQuery) {
  const filter: q.CommissionFilter = {
    ...scopeFor(user, query.publisher_id),
    campaignId: query.campaign_id,
    status: query.status === 'all' ? undefined : query.status,
    from: query.from,
    to: query.to,
    includeTest: query.include_test,
  };
  const [{ items, total }, settings] = await Promise.all([
    q.listCommissions(db, filter, query),
    getSettings(db),
  ]);
  return {
    items: items.map((v) => toCommissionResponse(v, settings.holdDays, user.role !== 'publisher')),
    total,
  };
}

export async function totals(db: Db, user: UserRow, query: TotalsQuery) {
  return q.totalsByStatus(db, {
    ...scopeFor(user, query.publisher_id),
    campaignId: query.campaign_id,
    from: query.from,
    to: query.to,
    includeTest: query.include_test,
  });
}

/** The advertiser's commissions waiting for their decision (the dashboard's to-do). */
export async function pendingToDecide(db: Db, user: UserRow): Promise<number> {
  if (user.role !== 'advertiser') throw forbidden('Only advertisers decide their commissions');
  return q.pendingCount(db, user.id);
}

export async function balance(db: Db, user: UserRow, publisherId?: string) {
  if (user.role === 'publisher') return q.balance(db, user.id);
  if (user.role === 'admin') {
    if (!publisherId) throw unprocessable('publisher_id: name the publisher whose balance you want');
    return q.balance(db, publisherId);
  }
  throw forbidden('Balances belong to publishers; advertisers see totals per status instead');
}

async function loadVisible(db: Db, user: UserRow, id: string): Promise<q.CommissionView> {
  const [view] = await q.findCommissionViews(db, [id]);
  const c = view?.commission;
  const visible =
    c &&
    (user.role === 'admin' ||
      c.publisherId === user.id ||
      (user.role === 'advertiser' && c.advertiserId === user.id));
  if (!view || !visible) throw notFound('Commission not found');
  return view;
}

export async function getCommission(db: Db, user: UserRow, id: string) {
  const [view, settings] = await Promise.all([loadVisible(db, user, id), getSettings(db)]);
  return toCommissionResponse(view, settings.holdDays, user.role !== 'publisher');
}

export type Decision = 'approve' | 'reject';
const DECISION = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
} as const;

/**
 * Approves or rejects pending commissions (one or many) for the campaign's advertiser or an admin.
 * Each id either changes (audit-logged, publisher notified once per decision batch) or is reported in
 * `failed` with the reason; nothing changes for an id the user may not decide.
 */
export async function decide(
  ctx: AppContext,
  user: UserRow,
  ids: string[],
  decision: Decision,
  reason?: string,
) {
  if (user.role === 'publisher')
    throw forbidden('Only the campaign’s advertiser or an admin can decide commissions');
  const unique = [...new Set(ids)];
  const { from, to } = DECISION[decision];
  const { changed, referred } = await ctx.db.transaction(async (tx) => {
    const rows = await decideInTx(tx, user, unique, decision, reason);
    return { changed: rows, referred: await referralsOf(tx, rows, decision) };
  });
  const failed = await explainFailures(ctx.db, user, unique, new Set(changed.map((r) => r.id)), from);
  await notifyDecision(ctx, changed, to, reason);
  await notifyReferrals(ctx, referred);
  return {
    updated: await reload(
      ctx.db,
      changed.map((r) => r.id),
    ),
    failed,
  };
}

/** Moves the given ids (when still pending and the user's to decide) and audits each one. */
async function decideInTx(tx: Db, user: UserRow, ids: string[], decision: Decision, reason?: string) {
  const { from, to } = DECISION[decision];
  const rows = await q.transition(
    tx,
    ids,
    from,
    // a decision ends a fraud hold either way
    { status: to, reason: reason ?? null, decidedBy: user.id, decidedAt: new Date(), onReview: false },
    { advertiserId: user.role === 'advertiser' ? user.id : undefined },
  );
  for (const row of rows) {
    await audit(tx, {
      actorId: user.id,
      action: `commission.${to}`,
      entityType: 'commission',
      entityId: row.id,
      before: { status: from },
      after: { status: to, reason: reason ?? null, amount_minor: row.amountMinor, currency: row.currency },
    });
  }
  await recordCommissionChanges(tx, `commission.${to}`, rows);
  // webhooks and publisher postbacks hear of it exactly when the decision commits
  await recordIntegrationEvents(tx, commissionEvents(`commission.${to}`, rows));
  return rows;
}

/**
 * Decides one batch of the pending commissions matching the filters (oldest first) and says how many
 * remain. Advertisers reach only their campaigns' commissions, admins all; publishers none.
 */
export async function decideMatching(
  ctx: AppContext,
  user: UserRow,
  body: BulkMatchingBody,
  decision: Decision,
  reason?: string,
) {
  if (user.role === 'publisher')
    throw forbidden('Only the campaign’s advertiser or an admin can decide commissions');
  const filter: q.CommissionFilter = {
    ...scopeFor(user, body.publisher_id),
    campaignId: body.campaign_id,
    status: 'pending',
    from: body.from,
    to: body.to,
    includeTest: body.include_test,
    createdBefore: new Date(body.created_before),
  };
  const { changed, referred } = await ctx.db.transaction(async (tx) => {
    const ids = await q.matchingIds(tx, filter, body.batch_size);
    const rows = await decideInTx(tx, user, ids, decision, reason);
    return { changed: rows, referred: await referralsOf(tx, rows, decision) };
  });
  await notifyDecision(ctx, changed, DECISION[decision].to, reason);
  await notifyReferrals(ctx, referred);
  return { updated_count: changed.length, remaining: await q.countMatching(ctx.db, filter) };
}

/**
 * Reverses a commission after a refund or chargeback: an approved, unpaid one becomes `reversed`; a paid
 * one stays paid and gets a negative `clawback` commission (approved) taken from the next payout.
 */
export async function reverse(
  ctx: AppContext,
  user: UserRow,
  id: string,
  reason: string,
): Promise<Commission> {
  const view = await loadVisible(ctx.db, user, id);
  const c = view.commission;
  if (user.role === 'publisher')
    throw forbidden('Only the campaign’s advertiser or an admin can reverse commissions');
  if (c.kind === 'clawback') throw unprocessable('A clawback cannot be reversed');
  if (c.status === 'approved' && c.payoutId === null) {
    const [row, ...referralRows] = await ctx.db.transaction(async (tx) => {
      const rows = await q.transition(
        tx,
        [id],
        'approved',
        {
          status: 'reversed',
          reason,
          decidedBy: user.id,
          decidedAt: new Date(),
        },
        { extra: sql`${commissions.payoutId} is null` },
      );
      for (const r of rows) {
        await audit(tx, {
          actorId: user.id,
          action: 'commission.reversed',
          entityType: 'commission',
          entityId: r.id,
          before: { status: 'approved' },
          after: { status: 'reversed', reason },
        });
      }
      await recordCommissionChanges(tx, 'commission.reversed', rows);
      await recordIntegrationEvents(tx, commissionEvents('commission.reversed', rows));
      const referral = rows.length > 0 ? await reverseReferralOf(tx, rows[0]!, reason, user.id) : [];
      return [...rows, ...referral];
    });
    if (!row) throw unprocessable('The commission changed meanwhile; reload and try again');
    await notifyDecision(ctx, [row], 'reversed', reason);
    await notifyReferralReversal(ctx, referralRows, reason);
    return getCommission(ctx.db, user, id);
  }
  if (c.status === 'paid') {
    const clawback = await ctx.db.transaction(async (tx) => {
      const row = await q.insertClawback(tx, c, reason, user.id);
      if (!row) return null as null | { row: CommissionRow; referral: CommissionRow[] };
      await recordCommissionsCreated(tx, [row]);
      await audit(tx, {
        actorId: user.id,
        action: 'commission.clawback',
        entityType: 'commission',
        entityId: row.id,
        before: { reverses: c.id, status: 'paid', amount_minor: c.amountMinor },
        after: { status: 'approved', amount_minor: row.amountMinor, currency: row.currency, reason },
      });
      // the paid commission is reversed by this clawback, taken from the next payout
      await recordIntegrationEvents(
        tx,
        commissionEvents('commission.reversed', [c], { status: 'reversed', reason, clawback_id: row.id }),
      );
      return { row, referral: await reverseReferralOf(tx, c, reason, user.id) };
    });
    if (!clawback) throw unprocessable('This commission was already clawed back');
    await notifyDecision(ctx, [clawback.row], 'clawback', reason);
    await notifyReferralReversal(ctx, clawback.referral, reason);
    return getCommission(ctx.db, user, clawback.row.id);
  }
  if (c.status === 'approved' && c.payoutId !== null) {
    // its open payout holds it: reversing it now would pay out money the payout no longer covers
    throw conflict(
      'The commission is in an open payout: mark that payout failed first, or reverse it once the payout is paid (a clawback is then taken from the next payout)',
    );
  }
  throw unprocessable(
    c.status === 'pending'
      ? 'A pending commission is rejected, not reversed'
      : `Cannot reverse a commission that is ${c.status}`,
  );
}

/**
 * The hold-period job: approves every pending commission older than `hold_days`. Idempotent and safe
 * to run from several processes at once (the UPDATE only takes rows still pending). Commissions held by
 * the fraud rules (`on_review`), and those of
 * conversions reported by an unsigned browser pixel, are never approved here: anyone who sees a click id can
 * fire the pixel, so the advertiser decides.
 */
export async function approveDueCommissions(ctx: AppContext, now = new Date()): Promise<number> {
  const { holdDays } = await getSettings(ctx.db);
  const cutoff = new Date(now.getTime() - holdDays * DAY_MS);
  const rows = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .update(commissions)
      .set({ status: 'approved', decidedAt: now, updatedAt: now, reason: null })
      .where(
        and(
          eq(commissions.status, 'pending'),
          eq(commissions.isTest, false),
          // held by the fraud rules: someone decides
          eq(commissions.onReview, false),
          lte(commissions.createdAt, cutoff),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(conversions)
              .where(and(eq(conversions.id, commissions.conversionId), eq(conversions.clientReported, true))),
          ),
        ),
      )
      .returning();
    for (const row of due) {
      await audit(tx, {
        actorId: null,
        action: 'commission.auto_approved',
        entityType: 'commission',
        entityId: row.id,
        before: { status: 'pending' },
        after: { status: 'approved', hold_days: holdDays },
      });
    }
    await recordCommissionChanges(tx, 'commission.approved', due);
    await recordIntegrationEvents(tx, commissionEvents('commission.approved', due));
    return { due, referred: await createReferralCommissions(tx, due, now) };
  });
  await notifyDecision(ctx, rows.due, 'approved', undefined, true);
  await notifyReferrals(ctx, rows.referred);
  return rows.due.length;
}

/** the referral commissions an approval earns the referrers of the publishers it approved */
function referralsOf(tx: Db, rows: CommissionRow[], decision: Decision): Promise<CommissionRow[]> {
  return decision === 'approve' ? createReferralCommissions(tx, rows, new Date()) : Promise.resolve([]);
}

/** Tells each referrer once of the referral commissions an approval earned them. */
async function notifyReferrals(ctx: AppContext, rows: CommissionRow[]): Promise<void> {
  const byReferrer = new Map<string, CommissionRow[]>();
  for (const row of rows) byReferrer.set(row.publisherId, [...(byReferrer.get(row.publisherId) ?? []), row]);
  for (const [referrerId, list] of byReferrer) {
    ctx.events.emit('stats.changed', { advertiserId: list[0]!.advertiserId, publisherId: referrerId });
    const money = list.map((r) => formatMinor(r.amountMinor, r.currency as CurrencyCode)).join(', ');
    await ctx.notifier
      .notify(referrerId, {
        category: 'commission',
        title: msg('notifications:commission.referral.title', { amount: money }),
        body: msg('notifications:commission.referral.body'),
        link: '/referrals',
        data: { type: 'commission', id: list[0]!.id, ids: list.map((r) => r.id) },
      })
      .catch(() => undefined);
  }
}

async function notifyReferralReversal(ctx: AppContext, rows: CommissionRow[], reason: string) {
  if (rows.length === 0) return;
  const what =
    rows[0]!.kind === 'clawback' ? 'clawback' : rows[0]!.status === 'rejected' ? 'rejected' : 'reversed';
  await notifyDecision(ctx, rows, what, reason);
}

async function reload(db: Db, ids: string[]): Promise<Commission[]> {
  const [views, settings] = await Promise.all([q.findCommissionViews(db, ids), getSettings(db)]);
  // only the advertiser or an admin decides: they see the fraud rules' figures
  return views.map((v) => toCommissionResponse(v, settings.holdDays, true));
}

async function explainFailures(db: Db, user: UserRow, ids: string[], changed: Set<string>, from: string) {
  const rest = ids.filter((id) => !changed.has(id));
  const views = new Map((await q.findCommissionViews(db, rest)).map((v) => [v.commission.id, v.commission]));
  return rest.map((id) => {
    const c = views.get(id);
    const visible = c && (user.role === 'admin' || c.advertiserId === user.id);
    if (!c || !visible) return { id, detail: 'Commission not found' };
    return { id, detail: `The commission is ${c.status}, not ${from}` };
  });
}

const TITLE = {
  approved: 'notifications:commission.approved.title',
  rejected: 'notifications:commission.rejected.title',
  reversed: 'notifications:commission.reversed.title',
  clawback: 'notifications:commission.clawback.title',
} as const;

function decisionBody(automatic: boolean, reason: string | undefined) {
  if (automatic && reason) return msg('notifications:commission.automaticReason', { reason });
  if (automatic) return msg('notifications:commission.automatic');
  if (reason) return msg('notifications:commission.reason', { reason });
  return '';
}

/** One notification per publisher and decision, however many commissions it covered. */
async function notifyDecision(
  ctx: AppContext,
  rows: CommissionRow[],
  what: keyof typeof TITLE,
  reason?: string,
  automatic = false,
): Promise<void> {
  const byPublisher = new Map<string, CommissionRow[]>();
  for (const row of rows) {
    if (row.isTest) continue;
    // every decision path ends here: dashboards of both sides are out of date
    ctx.events.emit('stats.changed', { advertiserId: row.advertiserId, publisherId: row.publisherId });
    byPublisher.set(row.publisherId, [...(byPublisher.get(row.publisherId) ?? []), row]);
  }
  for (const [publisherId, list] of byPublisher) {
    const sums = new Map<string, number>();
    for (const r of list) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amountMinor);
    const money = [...sums].map(([cur, minor]) => formatMinor(minor, cur as CurrencyCode)).join(', ');
    await ctx.notifier
      .notify(publisherId, {
        category: 'commission',
        priority: what === 'approved' ? 'normal' : 'high',
        isImportant: what !== 'approved',
        title: msg(TITLE[what], { count: list.length, amount: money }),
        body: decisionBody(automatic, reason),
        link: '/commissions',
        data: { type: 'commission', id: list[0]!.id, ids: list.map((r) => r.id) },
      })
      .catch(() => undefined);
  }
}

// The commissions module's face for tracking, which records a conversion's commission inside the
// conversion's own transaction (campaign lock, budget and spend ledger, insert).
export {
  commissionValues,
  insertCommissions,
  lockCampaign,
  lockCampaigns,
  pauseForBudget,
  recordCommission,
} from './record';
export { PUBLISHER_CAP_REASON, overPublisherCap } from './publisher-caps';
export { referralShareMinor } from './referral-commissions';
export {
  DAILY_CAP_REASON,
  SpendLedger,
  needsCampaignLock,
  type PlannedCommission,
  type SpendSubject,
} from './spend';

/** what a bulk decision answers (the fraud review queue's decide answers the same) */
export { bulkResultSchema } from './schema';
