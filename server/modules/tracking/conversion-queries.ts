import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { jsonRows } from '../../db/json-rows';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { clicks, conversions, trackingLinks } from '../../db/schema/tracking';
import { users } from '../../db/schema/users';
import type { CampaignRow, CommissionRow } from '../../db/rows';
import type { ClickRow, ConversionRow } from './queries';

// Set-based reads and writes for a batch of conversions (conversion-batch.ts): one statement per step for
// the whole batch, whatever its size.

/** The click a conversion refers to, with what the conversion rules need of its link and publisher. */
export interface FoundClick {
  click: ClickRow;
  linkActive: boolean;
  publisherStatus: string;
  /** set for a conversion without a click of its own: a coupon's or a renewal's (conversion-batch-clickless.ts) */
  attribution?: ClicklessAttribution;
}

/** How a conversion without a click of its own was attributed. */
export interface ClicklessAttribution {
  by: 'click' | 'coupon';
  couponId: string | null;
  /** the click stored with the conversion: none for a coupon; a renewal keeps its first sale's */
  clickId: string | null;
  /** a renewal's first sale */
  renewalOf: string | null;
}

/** The clicks by id, and their campaigns (as read now, without a lock) by id. */
export async function findClicks(
  db: Db,
  ids: string[],
): Promise<{ clicks: Map<string, FoundClick>; campaigns: Map<string, CampaignRow> }> {
  if (ids.length === 0) return { clicks: new Map(), campaigns: new Map() };
  const rows = await db
    .select({
      click: clicks,
      linkActive: trackingLinks.active,
      publisherStatus: users.status,
      campaign: campaigns,
    })
    .from(clicks)
    .innerJoin(trackingLinks, eq(trackingLinks.id, clicks.linkId))
    .innerJoin(users, eq(users.id, clicks.publisherId))
    .leftJoin(campaigns, eq(campaigns.id, clicks.campaignId))
    .where(inArray(clicks.id, ids));
  const found = new Map<string, CampaignRow>();
  for (const r of rows) if (r.campaign) found.set(r.campaign.id, r.campaign);
  return {
    clicks: new Map(
      rows.map((r) => [
        r.click.id,
        { click: r.click, linkActive: r.linkActive, publisherStatus: r.publisherStatus },
      ]),
    ),
    campaigns: found,
  };
}

export const orderKey = (campaignId: string, orderId: string) => `${campaignId}\u0000${orderId}`;

export interface StoredOrder {
  conversion: ConversionRow;
  commission: CommissionRow | null;
}

/** Conversions already stored for these (campaign, order_id) pairs, with their commissions, by `orderKey`. */
export async function findOrders(
  db: Db,
  pairs: { campaignId: string; orderId: string }[],
): Promise<Map<string, StoredOrder>> {
  if (pairs.length === 0) return new Map();
  const wanted = JSON.stringify(pairs.map((p) => ({ campaign_id: p.campaignId, order_id: p.orderId })));
  // One lookup in the (campaign_id, order_id) index per pair (LATERAL … LIMIT 1; the pair is unique).
  // Written as a join or an IN, the planner takes json_to_recordset for 100 rows and, below some tens of
  // thousands of conversions, scans them all (and every commission) for each batch instead.
  const stored = db
    .select()
    .from(conversions)
    .where(and(sql`${conversions.campaignId} = k.campaign_id`, sql`${conversions.orderId} = k.order_id`))
    .limit(1)
    .as('stored');
  const storedConversion = Object.fromEntries(
    Object.keys(getTableColumns(conversions)).map((key) => [key, stored[key as keyof ConversionRow]]),
  ) as { [K in keyof ConversionRow]: (typeof stored)[K] };
  const rows = await db
    .select({ conversion: storedConversion, commission: commissions })
    .from(sql`json_to_recordset(${wanted}::json) as k(campaign_id uuid, order_id text)`)
    .innerJoinLateral(stored, sql`true`)
    .leftJoin(commissions, eq(commissions.conversionId, stored.id));
  return new Map(rows.map((r) => [orderKey(r.conversion.campaignId, r.conversion.orderId), r]));
}

/** Of these clicks, the ones that already have a conversion reported by an unsigned pixel. */
export async function clicksWithClientReportedConversion(db: Db, clickIds: string[]): Promise<Set<string>> {
  if (clickIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ clickId: conversions.clickId })
    .from(conversions)
    .where(and(inArray(conversions.clickId, clickIds), eq(conversions.clientReported, true)));
  return new Set(rows.flatMap((r) => (r.clickId === null ? [] : [r.clickId])));
}

/**
 * One multi-row INSERT (its rows in one JSON parameter); a (campaign, order_id) already stored, also by a concurrent transaction that
 * committed meanwhile, is skipped: the rows that come back are the ones this statement created.
 */
export async function insertConversions(
  db: Db,
  values: (typeof conversions.$inferInsert)[],
): Promise<Map<string, ConversionRow>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .insert(conversions)
    .select(jsonRows(conversions, values))
    // skipped by the row trigger conversions_order_once (conversion_orders), as ON CONFLICT DO NOTHING did
    .returning();
  return new Map(rows.map((r) => [orderKey(r.campaignId, r.orderId), r]));
}
