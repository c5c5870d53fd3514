import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { commissions } from '../db/schema/commissions';
import { coupons } from '../db/schema/coupons';
import { campaigns } from '../db/schema/marketplace';
import { clicks, conversions, trackingLinks } from '../db/schema/tracking';
import { roundHalfAwayFromZero } from '../platform/money';
import { DemoRandom } from './demo-random';
import type { DemoUsers } from './demo-users';

// The demo of coupon codes, deep links and recurring commissions (issue 46): codes on the outdoor store with
// the podcast sales they brought, and Trail Fuel's subscription boxes, whose first sales renew every month.

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED = 0xc0_4b0;

type ConversionInsert = typeof conversions.$inferInsert;
type CommissionInsert = typeof commissions.$inferInsert;

/** approved (and paid out later) once the hold period is over; pending before */
const statusAt = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() > 28 * DAY_MS ? ('approved' as const) : ('pending' as const);

export async function seedDemoCoupons(db: Db, users: DemoUsers, now = new Date()): Promise<void> {
  const rng = new DemoRandom(SEED);
  await seedCouponSales(db, users, rng, now);
  await seedSubscription(db, users, rng, now);
}

/** Codes for the publishers approved on the outdoor store, and the sales they brought without a click. */
async function seedCouponSales(db: Db, users: DemoUsers, rng: DemoRandom, now: Date): Promise<void> {
  const outdoor = (
    await db
      .select()
      .from(campaigns)
      .where(eq(campaigns.advertiserId, users.advertisers.alice.id))
      .orderBy(asc(campaigns.createdAt))
  ).find((c) => c.name.startsWith('Northwind Outdoor Store'));
  if (!outdoor) return;
  await db
    .update(campaigns)
    .set({ deepLinkHosts: [new URL(outdoor.landingUrl).hostname, '*.northwind.example'] })
    .where(eq(campaigns.id, outdoor.id));
  const links = await db
    .select()
    .from(trackingLinks)
    .where(and(eq(trackingLinks.campaignId, outdoor.id), eq(trackingLinks.active, true)))
    .orderBy(asc(trackingLinks.createdAt));
  const codes = ['TRAILPOD10', 'HIKE-WITH-ANNA', 'NORTHWIND_YT'];
  const given = [];
  for (const [i, link] of links.slice(0, codes.length).entries()) {
    const [coupon] = await db
      .insert(coupons)
      .values({
        campaignId: outdoor.id,
        publisherId: link.publisherId,
        code: codes[i]!,
        createdBy: outdoor.advertiserId,
        createdAt: new Date(now.getTime() - 40 * DAY_MS),
      })
      .returning();
    given.push({ coupon: coupon!, link });
  }
  const sales: ConversionInsert[] = [];
  const paid: CommissionInsert[] = [];
  for (const [i, { coupon, link }] of given.entries()) {
    for (let k = 0; k < 8 - i * 2; k++) {
      const createdAt = new Date(now.getTime() - rng.int(1, 38) * DAY_MS - rng.int(0, 86_400_000));
      const amountMinor = rng.int(40, 260) * 100 + 99;
      const id = rng.uuid();
      sales.push({
        id,
        clickId: null,
        campaignId: outdoor.id,
        publisherId: link.publisherId,
        websiteId: link.websiteId,
        orderId: `NWC-${coupon.code}-${k + 1}`,
        event: 'sale',
        originalAmountMinor: amountMinor,
        originalCurrency: outdoor.currency,
        amountMinor,
        currency: outdoor.currency,
        source: 'postback',
        attributedBy: 'coupon',
        couponId: coupon.id,
        createdAt,
      });
      paid.push(commissionFor(outdoor, link, id, price(outdoor, amountMinor), createdAt, now));
    }
  }
  if (sales.length > 0) await db.insert(conversions).values(sales);
  if (paid.length > 0) await db.insert(commissions).values(paid);
}

/**
 * Trail Fuel's subscription boxes pay 1.00 on each of the 6 monthly renewals after a first sale, on top of the
 * campaign's payout for the sale itself, to the publisher approved on it; one renewal was refunded. Renewals
 * stop where the campaign was paused.
 */
async function seedSubscription(db: Db, users: DemoUsers, rng: DemoRandom, now: Date): Promise<void> {
  const plan = (
    await db.select().from(campaigns).where(eq(campaigns.advertiserId, users.advertisers.alice.id))
  ).find((c) => c.name.startsWith('Trail Fuel'));
  if (!plan) return;
  const [updated] = await db
    .update(campaigns)
    .set({ recurring: { months: 6, payout_minor: 100 } })
    .where(eq(campaigns.id, plan.id))
    .returning();
  const links = await db
    .select()
    .from(trackingLinks)
    .where(eq(trackingLinks.campaignId, plan.id))
    .orderBy(asc(trackingLinks.createdAt));
  // renewals are paid while the campaign runs: until it was paused
  const until = plan.status === 'active' ? now : plan.updatedAt < now ? plan.updatedAt : now;
  const sales: ConversionInsert[] = [];
  const paid: CommissionInsert[] = [];
  const clickRows: (typeof clicks.$inferInsert)[] = [];
  for (const [p, link] of links.slice(0, 2).entries()) {
    for (let c = 0; c < 4 - p; c++) {
      const first = new Date(
        Math.max(link.createdAt.getTime() + DAY_MS, until.getTime() - rng.int(35, 75) * DAY_MS),
      );
      if (first >= until) continue;
      const clickId = rng.token(16);
      clickRows.push({
        id: clickId,
        linkId: link.id,
        campaignId: plan.id,
        publisherId: link.publisherId,
        websiteId: link.websiteId,
        ipHash: rng.token(16),
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
        sub1: 'subscribe-and-save',
        isUnique: true,
        isBot: false,
        createdAt: new Date(first.getTime() - rng.int(60, 3_600) * 1000),
      });
      const customerId = `TF-CUST-${p + 1}${c + 1}`;
      const saleId = rng.uuid();
      sales.push(
        subscriptionConversion(
          updated!,
          link,
          saleId,
          `${customerId}-M1`,
          'sale',
          first,
          clickId,
          customerId,
        ),
      );
      paid.push(commissionFor(updated!, link, saleId, updated!.payoutMinor ?? 0, first, now));
      for (let m = 1; m <= 6; m++) {
        const at = new Date(first.getTime() + m * 30 * DAY_MS);
        if (at > until) break;
        const renewalId = rng.uuid();
        sales.push({
          ...subscriptionConversion(
            updated!,
            link,
            renewalId,
            `${customerId}-M${m + 1}`,
            'renewal',
            at,
            clickId,
            customerId,
          ),
          renewalOf: saleId,
        });
        const refunded = p === 0 && c === 0 && m === 1;
        paid.push({
          ...commissionFor(updated!, link, renewalId, 100, at, now),
          ...(refunded
            ? { status: 'reversed' as const, reason: 'Renewal refunded: customer cancelled' }
            : {}),
        });
      }
    }
  }
  if (clickRows.length === 0) return;
  await db.insert(clicks).values(clickRows);
  await db.insert(conversions).values(sales);
  await db.insert(commissions).values(paid);
}

function subscriptionConversion(
  plan: typeof campaigns.$inferSelect,
  link: typeof trackingLinks.$inferSelect,
  id: string,
  orderId: string,
  event: 'sale' | 'renewal',
  createdAt: Date,
  clickId: string,
  customerId: string,
): ConversionInsert {
  return {
    id,
    clickId,
    campaignId: plan.id,
    publisherId: link.publisherId,
    websiteId: link.websiteId,
    orderId,
    event,
    originalAmountMinor: 2_900,
    originalCurrency: plan.currency,
    amountMinor: 2_900,
    currency: plan.currency,
    source: 'postback',
    customerId,
    createdAt,
  };
}

/** revshare: bps of the amount, rounded half away from zero; else the fixed payout */
function price(campaign: typeof campaigns.$inferSelect, amountMinor: number): number {
  if (campaign.commissionModel === 'revshare' && campaign.revshareBps !== null) {
    return Number(roundHalfAwayFromZero(BigInt(amountMinor) * BigInt(campaign.revshareBps), 10_000n));
  }
  return campaign.payoutMinor ?? 0;
}

function commissionFor(
  campaign: typeof campaigns.$inferSelect,
  link: { publisherId: string; websiteId: string },
  conversionId: string,
  amountMinor: number,
  createdAt: Date,
  now: Date,
): CommissionInsert {
  const status = statusAt(createdAt, now);
  return {
    kind: 'conversion',
    status,
    amountMinor,
    currency: campaign.currency,
    campaignId: campaign.id,
    advertiserId: campaign.advertiserId,
    publisherId: link.publisherId,
    websiteId: link.websiteId,
    conversionId,
    decidedAt: status === 'approved' ? new Date(createdAt.getTime() + 30 * DAY_MS) : null,
    createdAt,
    updatedAt: createdAt,
  };
}
