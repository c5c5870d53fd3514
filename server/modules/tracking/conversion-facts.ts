import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { commissions } from '../../db/schema/commissions';
import { campaigns } from '../../db/schema/marketplace';
import { clicks, conversions } from '../../db/schema/tracking';

/** What a publisher's postback macros tell of a conversion and its click. */
export interface ConversionFacts {
  conversionId: string;
  /** null for a conversion attributed by a coupon code (no click) */
  clickId: string | null;
  subs: (string | null)[];
  orderId: string;
  event: string;
  campaignId: string;
  campaignName: string;
  publisherId: string;
  createdAt: Date;
  /** the conversion's commission (none for CPC campaigns) */
  commissionMinor: number | null;
  commissionStatus: string | null;
  currency: string;
}

function factsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      conversionId: conversions.id,
      clickId: conversions.clickId,
      sub1: clicks.sub1,
      sub2: clicks.sub2,
      sub3: clicks.sub3,
      sub4: clicks.sub4,
      sub5: clicks.sub5,
      orderId: conversions.orderId,
      event: conversions.event,
      campaignId: conversions.campaignId,
      campaignName: campaigns.name,
      publisherId: conversions.publisherId,
      createdAt: conversions.createdAt,
      commissionMinor: commissions.amountMinor,
      commissionStatus: commissions.status,
      currency: conversions.currency,
    })
    .from(conversions)
    .innerJoin(campaigns, eq(campaigns.id, conversions.campaignId))
    .leftJoin(clicks, eq(clicks.id, conversions.clickId))
    .leftJoin(
      commissions,
      and(eq(commissions.conversionId, conversions.id), eq(commissions.kind, 'conversion')),
    )
    .where(where);
}

type FactsRow = Awaited<ReturnType<typeof factsQuery>>[number];

const toFacts = ({ sub1, sub2, sub3, sub4, sub5, ...rest }: FactsRow): ConversionFacts => ({
  ...rest,
  subs: [sub1, sub2, sub3, sub4, sub5],
});

/** The facts of these conversions, by conversion id (one query). */
export async function conversionFacts(db: Db, ids: string[]): Promise<Map<string, ConversionFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await factsQuery(db, inArray(conversions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.conversionId, toFacts(r)]));
}

/** The publisher's latest real (not test) conversion, in one campaign or any: a postback URL's preview. */
export async function latestConversionFacts(
  db: Db,
  publisherId: string,
  campaignId: string | null,
): Promise<ConversionFacts | null> {
  const [row] = await factsQuery(
    db,
    and(
      eq(conversions.publisherId, publisherId),
      eq(conversions.isTest, false),
      campaignId ? eq(conversions.campaignId, campaignId) : undefined,
    ),
  )
    .orderBy(desc(conversions.createdAt))
    .limit(1);
  return row ? toFacts(row) : null;
}
