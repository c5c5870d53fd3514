import { sql } from 'drizzle-orm';
import { SYSTEM_REASONS } from '../../../contracts/commissions';
import { executeRows, type Db } from '../../db/connection';
import type { CampaignRow } from '../../db/rows';
import { priceCommission, type PricedEvent } from '../../platform/commission-math';
import { PUBLISHER_CAP_REASON, PublisherCapLedger, hasPublisherCaps } from './publisher-caps';

export const DAILY_CAP_REASON = SYSTEM_REASONS.daily_cap;
export const BUDGET_REASON = SYSTEM_REASONS.budget;

/**
 * Whether pricing a paid event of this campaign depends on what was spent or counted before it (budget, daily
 * cap, tiers): only then does recording it take the campaign's row lock, so that the figures it reads stay
 * exact until it commits. Other campaigns record their events without any lock.
 */
export function needsCampaignLock(campaign: CampaignRow): boolean {
  return (
    campaign.budgetMinor !== null ||
    campaign.dailyCapMinor !== null ||
    campaign.tiers.length > 0 ||
    hasPublisherCaps(campaign)
  );
}

/** One paid event to price: the campaign row must be the one read under its lock when `needsCampaignLock`. */
export interface SpendSubject {
  campaign: CampaignRow;
  publisherId: string;
  event: PricedEvent;
  /** order amount in the campaign currency (revshare) */
  amountMinor: number;
  isTest: boolean;
  now: Date;
}

export type PlannedCommission =
  | { paid: false }
  | {
      paid: true;
      amountMinor: number;
      rule: string;
      status: 'pending' | 'rejected';
      reason: string | null;
      /** the budget is used up with this event (it was the last that fit, or it did not fit): pause the campaign */
      budgetReached: boolean;
    };

const startOfUtcMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const monthKey = (s: SpendSubject) =>
  `${s.campaign.id}|${s.publisherId}|${startOfUtcMonth(s.now).toISOString()}`;
const dayKey = (s: SpendSubject) => `${s.campaign.id}|${utcDay(s.now)}`;

/**
 * What a run of paid events is priced against: the campaigns' spend (campaign_spend, campaign_daily_spend,
 * kept exact by triggers on commissions) and the publishers' paid events this month (tiers), read once for the
 * run and then carried forward in memory event by event, in order. Read it inside the transaction that
 * inserts the commissions, after locking the campaigns that `needsCampaignLock`.
 */
export class SpendLedger {
  private constructor(
    private readonly spent: Map<string, number>,
    private readonly spentToday: Map<string, number>,
    private readonly paidThisMonth: Map<string, number>,
    private readonly caps: PublisherCapLedger,
  ) {}

  static async load(tx: Db, subjects: SpendSubject[]): Promise<SpendLedger> {
    const counted = subjects.filter((s) => !s.isTest);
    const budgets = unique(counted.filter((s) => s.campaign.budgetMinor !== null).map((s) => s.campaign.id));
    const days = uniqueBy(
      counted.filter((s) => s.campaign.dailyCapMinor !== null),
      dayKey,
    ).map((s) => ({ campaign_id: s.campaign.id, day: utcDay(s.now) }));
    const months = uniqueBy(
      counted.filter((s) => s.campaign.tiers.length > 0),
      monthKey,
    ).map((s) => ({
      campaign_id: s.campaign.id,
      publisher_id: s.publisherId,
      since: startOfUtcMonth(s.now).toISOString(),
    }));
    const [spent, spentToday, paidThisMonth, caps] = await Promise.all([
      budgets.length === 0
        ? []
        : executeRows<{ key: string; n: string }>(
            tx,
            sql`select s.campaign_id::text as key, s.spent_minor::text as n from campaign_spend s
              where s.campaign_id in (select value::uuid from json_array_elements_text(${JSON.stringify(budgets)}::json))`,
          ),
      days.length === 0
        ? []
        : executeRows<{ key: string; n: string }>(
            tx,
            sql`select s.campaign_id::text || '|' || s.day::text as key, s.spent_minor::text as n
              from campaign_daily_spend s
              join json_to_recordset(${JSON.stringify(days)}::json) as k(campaign_id uuid, day date)
                on s.campaign_id = k.campaign_id and s.day = k.day`,
          ),
      months.length === 0
        ? []
        : executeRows<{ key: string; n: string }>(
            tx,
            // the publisher's paid events this month on the campaign: what tiers count
            sql`select k.campaign_id::text || '|' || k.publisher_id::text || '|' || k.since as key,
              (select count(*) from commissions c
                where c.campaign_id = k.campaign_id and c.publisher_id = k.publisher_id
                  and c.kind in ('conversion', 'click') and c.status in ('pending', 'approved', 'paid')
                  and not c.is_test and c.created_at >= k.since::timestamptz)::text as n
              from json_to_recordset(${JSON.stringify(months)}::json) as k(campaign_id uuid, publisher_id uuid, since text)`,
          ),
      PublisherCapLedger.load(tx, counted),
    ]);
    const toMap = (rows: { key: string; n: string }[]) => new Map(rows.map((r) => [r.key, Number(r.n)]));
    // the since text comes back as sent, so the month keys match monthKey()
    return new SpendLedger(toMap(spent), toMap(spentToday), toMap(paidThisMonth), caps);
  }

  /** What the campaign has spent, as far as this ledger knows (events planned so far included). */
  spentBy(campaignId: string): number {
    return this.spent.get(campaignId) ?? 0;
  }

  /**
   * Prices the next event and decides its status: past the daily cap it is rejected with the reason; when it
   * does not fit in what is left of the budget it is rejected too and the budget counts as reached, as it
   * does when it fits exactly. Neither limit is ever exceeded. Test events are priced the same way but never
   * count towards tiers, caps or budgets.
   */
  plan(subject: SpendSubject): PlannedCommission {
    const { campaign } = subject;
    const counted = !subject.isTest;
    const pricing = priceCommission(campaign, {
      publisherId: subject.publisherId,
      event: subject.event,
      amountMinor: subject.amountMinor,
      earlierThisMonth:
        counted && campaign.tiers.length > 0 ? (this.paidThisMonth.get(monthKey(subject)) ?? 0) : 0,
    });
    if (!pricing.paid) return { paid: false };
    const planned = {
      paid: true as const,
      amountMinor: pricing.amountMinor,
      rule: pricing.rule,
      status: 'pending' as 'pending' | 'rejected',
      reason: null as string | null,
      budgetReached: false,
    };
    if (!counted) return planned;
    const amount = pricing.amountMinor;
    if (!this.caps.allows(subject, amount)) {
      return { ...planned, status: 'rejected', reason: PUBLISHER_CAP_REASON };
    }
    const today = this.spentToday.get(dayKey(subject)) ?? 0;
    if (campaign.dailyCapMinor !== null && today + amount > campaign.dailyCapMinor) {
      return { ...planned, status: 'rejected', reason: DAILY_CAP_REASON };
    }
    const spent = this.spentBy(campaign.id);
    if (campaign.budgetMinor !== null && spent + amount > campaign.budgetMinor) {
      return { ...planned, status: 'rejected', reason: BUDGET_REASON, budgetReached: true };
    }
    this.spentToday.set(dayKey(subject), today + amount);
    this.spent.set(campaign.id, spent + amount);
    this.paidThisMonth.set(monthKey(subject), (this.paidThisMonth.get(monthKey(subject)) ?? 0) + 1);
    this.caps.add(subject, amount);
    return {
      ...planned,
      budgetReached: campaign.budgetMinor !== null && spent + amount >= campaign.budgetMinor,
    };
  }
}

const unique = (values: string[]) => [...new Set(values)];

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}
