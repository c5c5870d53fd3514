import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { forbidden, notFound } from '../../platform/http-error';
import type { UserRow } from '../../platform/current-user';
import { decide } from '../commissions/service';
import type { FraudRule } from '../../../contracts/fraud-schema';
import { canReviewFraud } from './policy';
import * as q from './queries';
import type { DecideBody, QueueItem, QueueQuery } from './schema';

const iso = (d: Date) => d.toISOString();

/** the advertiser's own campaigns; admins see every one */
const scopeOf = (user: UserRow) => (user.role === 'advertiser' ? user.id : undefined);

function assertReviewer(user: UserRow) {
  if (!canReviewFraud(user))
    throw forbidden('Only advertisers (for their campaigns) and admins work the review queue');
}

/** One page of the review queue: each commission with its conversion, click, rules and publisher's record. */
export async function listQueue(db: Db, user: UserRow, query: QueueQuery) {
  assertReviewer(user);
  const advertiserId = scopeOf(user);
  const { items, total } = await q.listQueue(
    db,
    { advertiserId, campaignId: query.campaign_id, state: query.state },
    query,
  );
  const histories = await q.publisherHistories(
    db,
    [...new Set(items.map((i) => i.commission.publisherId))],
    advertiserId,
  );
  return { items: items.map((row) => toQueueItem(row, histories.get(row.commission.publisherId)!)), total };
}

function toQueueItem(row: q.QueueRow, history: q.PublisherHistory): QueueItem {
  const c = row.commission;
  return {
    commission_id: c.id,
    kind: c.kind,
    status: c.status,
    on_review: c.onReview,
    amount_minor: c.amountMinor,
    currency: c.currency,
    fraud_score: c.fraudScore,
    fraud_reasons: c.fraudReasons.map((r) => ({ ...r, rule: r.rule as FraudRule })),
    reason: c.reason,
    created_at: iso(c.createdAt),
    campaign: { id: c.campaignId, name: row.campaignName },
    publisher: { id: c.publisherId, name: row.publisherName, status: row.publisherStatus },
    conversion: row.conversion && {
      id: row.conversion.id,
      order_id: row.conversion.orderId,
      event: row.conversion.event,
      amount_minor: row.conversion.amountMinor,
      currency: row.conversion.currency,
      source: row.conversion.source,
      created_at: iso(row.conversion.createdAt),
    },
    click: row.click && {
      id: row.click.id,
      created_at: iso(row.click.createdAt),
      country: row.click.country,
      user_agent: row.click.userAgent,
      referrer: row.click.referrer,
      is_unique: row.click.isUnique,
      sub1: row.click.sub1,
    },
    publisher_history: history,
  };
}

/**
 * Approves or rejects held commissions, all or none: an id that is not in the caller's queue (another
 * advertiser's, decided meanwhile, never held) answers 404 and nothing changes. The decision itself is the
 * commissions module's (audit log, publisher notified, webhooks), which also ends the hold.
 */
export async function decideQueue(ctx: AppContext, user: UserRow, body: DecideBody) {
  assertReviewer(user);
  const ids = [...new Set(body.commission_ids)];
  const held = await q.heldIds(ctx.db, ids, scopeOf(user));
  const missing = ids.filter((id) => !held.has(id));
  if (missing.length > 0) {
    throw notFound(
      `Not in your review queue: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}`,
    );
  }
  return decide(ctx, user, ids, body.decision, body.reason || undefined);
}

/** Held and rejected-for-fraud counts: a publisher's own, an advertiser's campaigns', or all for admins. */
export function fraudSummary(db: Db, user: UserRow, range: { from?: string; to?: string }) {
  return fraudCounts(
    db,
    {
      advertiserId: user.role === 'advertiser' ? user.id : undefined,
      publisherId: user.role === 'publisher' ? user.id : undefined,
    },
    range,
  );
}

/**
 * Held (on review now) and rejected-for-fraud counts of the commissions created in the days `from`..`to`
 * (UTC, both included), within a scope the caller has already checked: dashboards and reports.
 */
export function fraudCounts(
  db: Db,
  scope: { advertiserId?: string; publisherId?: string; campaignId?: string },
  range: { from?: string; to?: string },
) {
  return q.summary(db, scope, {
    from: range.from ? new Date(`${range.from}T00:00:00Z`) : undefined,
    to: range.to ? new Date(`${range.to}T23:59:59.999Z`) : undefined,
  });
}
