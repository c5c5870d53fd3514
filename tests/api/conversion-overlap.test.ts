import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { conversions } from '../../server/db/schema/tracking';
import { ConversionWriter } from '../../server/modules/tracking/conversion-batch';
import type { ConversionOutcome } from '../../server/modules/tracking/conversions';
import type { TestApp } from './support/test-app';
import {
  approvedLink,
  appWithParties,
  clickOn,
  clickWritten,
  saleRequest,
  type Party,
} from './support/tracking-fixtures';

// Overlapping batches (ConversionWriter with maxInFlight > 1, as on PostgreSQL: several transactions at
// once, each on its own connection; PGlite runs them one after the other). The same order in batches that
// are written at the same time is stored once and every caller gets its conversion_id; budget, daily cap and
// tiers stay exact. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

let t: TestApp;
let adv: Party;
let pub: Party;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
});
afterAll(() => t.close());

let clickNo = 0;

async function clicked(campaign: Record<string, unknown>) {
  const link = await approvedLink(t, adv, pub, campaign);
  const { clickId } = await clickOn(t, link.code, { ip: `192.0.2.${++clickNo % 250}` });
  await clickWritten(t, clickId!);
  return { ...link, clickId: clickId! };
}

type Clicked = Awaited<ReturnType<typeof clicked>>;

/**
 * Submits the orders one per turn of the event loop, round robin over the writers: each writer starts a
 * batch for what has arrived while a slot is free, so batches with the same orders are written at once.
 */
async function submitSpread(writers: ConversionWriter[], l: Clicked, orders: string[]) {
  const pending: Promise<ConversionOutcome>[] = [];
  for (const [i, orderId] of orders.entries()) {
    pending.push(writers[i % writers.length]!.submit(saleRequest(t, l, orderId)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return Promise.allSettled(pending);
}

const fulfilled = (settled: PromiseSettledResult<ConversionOutcome>[]) =>
  settled.map((s) => {
    if (s.status === 'rejected') throw s.reason;
    return s.value;
  });

async function storedFor(campaignId: string) {
  const db = t.database.db;
  const rows = await db
    .select({ order: conversions.orderId, id: conversions.id, commission: commissions.id })
    .from(conversions)
    .leftJoin(commissions, eq(commissions.conversionId, conversions.id))
    .where(eq(conversions.campaignId, campaignId));
  const [spend] = (
    (await db.execute(
      sql`select coalesce((select spent_minor from campaign_spend where campaign_id = ${campaignId}), 0)::int as total,
        coalesce((select sum(amount_minor) from commissions where campaign_id = ${campaignId}
          and status = 'pending'), 0)::int as pending`,
    )) as unknown as { rows: { total: number; pending: number }[] }
  ).rows;
  return { rows, spend: spend! };
}

const overlapping = () => [0, 1].map(() => new ConversionWriter(t.database.db, { maxInFlight: 3 }));

describe('overlapping conversion batches', () => {
  it('stores an order sent many times at once once, and answers every caller with its conversion_id', async () => {
    const l = await clicked({});
    // 12 orders, each sent 5 times, interleaved so that every batch in flight holds some of each
    const orders = Array.from({ length: 60 }, (_, i) => `same-${i % 12}`);
    const writers = overlapping();
    const outcomes = fulfilled(await submitSpread(writers, l, orders));
    if (t.database.kind === 'postgres') {
      expect(writers.map((w) => w.peakInFlight).some((n) => n > 1)).toBe(true);
    }
    const { rows } = await storedFor(l.campaign.id);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.commission !== null)).toBe(true);
    const stored = new Map(rows.map((r) => [r.order, r]));
    for (const [i, outcome] of outcomes.entries()) {
      const first = stored.get(orders[i]!)!;
      expect(outcome.result.conversion_id).toBe(first.id);
      expect(outcome.result.commission_id).toBe(first.commission);
    }
    // exactly one caller per order was told it created the conversion, and only that one tells people
    const creators = outcomes.filter((o) => !o.result.duplicate);
    expect(creators).toHaveLength(12);
    expect(new Set(creators.map((o) => o.result.conversion_id)).size).toBe(12);
    expect(outcomes.filter((o) => o.created !== undefined)).toEqual(creators);
  });

  it('keeps the daily cap and the budget exact with batches of one campaign in flight at once', async () => {
    const l = await clicked({ daily_cap_minor: 9 * 1500, budget_minor: 100 * 1500 });
    const orders = Array.from({ length: 40 }, (_, i) => `cap-${i % 30}`);
    const writers = overlapping();
    const outcomes = fulfilled(await submitSpread(writers, l, orders));
    const created = outcomes.filter((o) => !o.result.duplicate);
    expect(created).toHaveLength(30);
    expect(created.filter((o) => o.result.status === 'pending')).toHaveLength(9);
    expect(created.filter((o) => o.result.status === 'rejected')).toHaveLength(21);
    const { rows, spend } = await storedFor(l.campaign.id);
    expect(rows).toHaveLength(30);
    expect(spend).toEqual({ total: 9 * 1500, pending: 9 * 1500 });
    // repeats answer the first result, whatever was decided for it
    const byConversion = new Map(created.map((o) => [o.result.conversion_id, o.result]));
    for (const o of outcomes.filter((x) => x.result.duplicate)) {
      expect({ ...o.result, duplicate: false }).toEqual(byConversion.get(o.result.conversion_id));
    }
  });

  it('pays tiers in order with batches in flight at once: the 3rd and later pay the tier rate', async () => {
    const l = await clicked({ tiers: [{ min_conversions_in_month: 3, payout_minor: 2000 }] });
    const orders = Array.from({ length: 24 }, (_, i) => `tier-${i}`);
    const outcomes = fulfilled(await submitSpread(overlapping(), l, orders));
    const paid = outcomes.map((o) => o.result.commission_minor!).sort((a, b) => a - b);
    expect(paid).toEqual([1500, 1500, ...Array<number>(22).fill(2000)]);
  });
});
