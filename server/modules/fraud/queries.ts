import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connection';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { dailyTotals } from '../../db/schema/stats';
import { clicks, conversions } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';

export interface QueueFilter {
  /** advertisers: their campaigns only */
  advertiserId?: string;
  /** publishers (the summary): their own */
  publisherId?: string;
  campaignId?: string;
  state: 'held' | 'rejected';
}

/**
 * held: on review and still pending, what a reviewer can decide; a commission refused otherwise since (a cap,
 * a rejection elsewhere) is no longer held, whatever its flag says. The list, the counts and `decide` all use it.
 */
const HELD = sql`(${commissions.onReview} and ${commissions.status} = 'pending')`;

/** held: on review now; rejected: rejected with any fraud rule fired (by the rules or by a reviewer) */
const stateWhere = (state: QueueFilter['state']) =>
  state === 'held' ? HELD : and(eq(commissions.status, 'rejected'), gt(commissions.fraudScore, 0));

function where(filter: QueueFilter): SQL | undefined {
  return and(
    stateWhere(filter.state),
    eq(commissions.isTest, false),
    filter.advertiserId ? eq(commissions.advertiserId, filter.advertiserId) : undefined,
    filter.publisherId ? eq(commissions.publisherId, filter.publisherId) : undefined,
    filter.campaignId ? eq(commissions.campaignId, filter.campaignId) : undefined,
  );
}

const publisher = alias(users, 'publisher');
const conversionClick = alias(clicks, 'conversion_click');

/** One page of the queue with each commission's campaign, publisher, conversion and click; and the total. */
export async function listQueue(db: Db, filter: QueueFilter, page: { limit: number; offset: number }) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        commission: commissions,
        campaignName: campaigns.name,
        publisherName: publisher.name,
        publisherStatus: publisher.status,
        conversion: conversions,
        conversionClick: conversionClick,
        directClick: clicks,
      })
      .from(commissions)
      .innerJoin(campaigns, eq(campaigns.id, commissions.campaignId))
      .innerJoin(publisher, eq(publisher.id, commissions.publisherId))
      .leftJoin(conversions, eq(conversions.id, commissions.conversionId))
      .leftJoin(conversionClick, eq(conversionClick.id, conversions.clickId))
      .leftJoin(clicks, eq(clicks.id, commissions.clickId))
      .where(where(filter))
      .orderBy(filter.state === 'held' ? asc(commissions.createdAt) : desc(commissions.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(commissions).where(where(filter)),
  ]);
  return {
    items: items.map(({ conversionClick: viaConversion, directClick, ...rest }) => ({
      ...rest,
      click: viaConversion ?? directClick,
    })),
    total: Number(total?.n ?? 0),
  };
}

export type QueueRow = Awaited<ReturnType<typeof listQueue>>['items'][number];

/** Of these ids, those on review that the scope may decide. */
export async function heldIds(db: Db, ids: string[], advertiserId?: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: commissions.id })
    .from(commissions)
    .where(
      and(
        inArray(commissions.id, ids),
        HELD,
        advertiserId ? eq(commissions.advertiserId, advertiserId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export interface PublisherHistory {
  commissions: number;
  approved: number;
  rejected: number;
  held: number;
  rejected_for_fraud: number;
  clicks_30d: number;
  conversions_30d: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each publisher's record (on the advertiser's campaigns, or everywhere for admins). */
export async function publisherHistories(
  db: Db,
  publisherIds: string[],
  advertiserId: string | undefined,
  now = new Date(),
): Promise<Map<string, PublisherHistory>> {
  if (publisherIds.length === 0) return new Map();
  const since = new Date(now.getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
  const [money, traffic] = await Promise.all([
    db
      .select({
        publisherId: commissions.publisherId,
        commissions: count(),
        approved: sql<number>`count(*) filter (where ${commissions.status} in ('approved', 'paid'))::int`,
        rejected: sql<number>`count(*) filter (where ${commissions.status} = 'rejected')::int`,
        held: sql<number>`count(*) filter (where ${HELD})::int`,
        rejectedForFraud: sql<number>`count(*) filter (where ${commissions.status} = 'rejected' and ${commissions.fraudScore} > 0)::int`,
      })
      .from(commissions)
      .where(
        and(
          inArray(commissions.publisherId, publisherIds),
          eq(commissions.isTest, false),
          advertiserId ? eq(commissions.advertiserId, advertiserId) : undefined,
        ),
      )
      .groupBy(commissions.publisherId),
    db
      .select({
        publisherId: dailyTotals.publisherId,
        clicks: sql<number>`coalesce(sum(${dailyTotals.clicks} - ${dailyTotals.botClicks}), 0)::int`,
        conversions: sql<number>`coalesce(sum(${dailyTotals.conversions}), 0)::int`,
      })
      .from(dailyTotals)
      .where(
        and(
          inArray(dailyTotals.publisherId, publisherIds),
          gte(dailyTotals.day, since),
          advertiserId ? eq(dailyTotals.advertiserId, advertiserId) : undefined,
        ),
      )
      .groupBy(dailyTotals.publisherId),
  ]);
  const out = new Map<string, PublisherHistory>();
  for (const id of publisherIds) {
    const m = money.find((r) => r.publisherId === id);
    const t = traffic.find((r) => r.publisherId === id);
    out.set(id, {
      commissions: Number(m?.commissions ?? 0),
      approved: Number(m?.approved ?? 0),
      rejected: Number(m?.rejected ?? 0),
      held: Number(m?.held ?? 0),
      rejected_for_fraud: Number(m?.rejectedForFraud ?? 0),
      clicks_30d: Number(t?.clicks ?? 0),
      conversions_30d: Number(t?.conversions ?? 0),
    });
  }
  return out;
}

/** Held and rejected-for-fraud counts in a scope, optionally between two instants. */
export async function summary(
  db: Db,
  scope: { advertiserId?: string; publisherId?: string; campaignId?: string },
  range: { from?: Date; to?: Date },
) {
  const [row] = await db
    .select({
      held: sql<number>`count(*) filter (where ${HELD})::int`,
      rejectedForFraud: sql<number>`count(*) filter (where ${commissions.status} = 'rejected' and ${commissions.fraudScore} > 0)::int`,
    })
    .from(commissions)
    .where(
      and(
        // written out, not bound: the partial index commissions_fraud_scored_idx matches only these words
        sql`${commissions.fraudScore} > 0 and not ${commissions.isTest}`,
        scope.advertiserId ? eq(commissions.advertiserId, scope.advertiserId) : undefined,
        scope.publisherId ? eq(commissions.publisherId, scope.publisherId) : undefined,
        scope.campaignId ? eq(commissions.campaignId, scope.campaignId) : undefined,
        range.from ? gte(commissions.createdAt, range.from) : undefined,
        range.to ? lte(commissions.createdAt, range.to) : undefined,
      ),
    );
  return { held: Number(row?.held ?? 0), rejected_for_fraud: Number(row?.rejectedForFraud ?? 0) };
}
