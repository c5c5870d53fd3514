import { inArray, sql } from 'drizzle-orm';
import { SYSTEM_REASONS } from '../../../contracts/commissions';
import { executeRows, type Db } from '../../db/connection';
import type { CampaignRow, CommissionRow } from '../../db/rows';
import { campaigns } from '../../db/schema/marketplace';
import { publisherCapNotices } from '../../db/schema/publisher-caps';
import { msg } from '../../platform/i18n';
import { insertNotifications } from '../../platform/notifier';

/** what a cap is counted by: the event's campaign (as read under its lock), publisher and time */
interface CapSubject {
  campaign: CampaignRow;
  publisherId: string;
  now: Date;
}

/** the reason a commission past the publisher's cap is rejected with */
export const PUBLISHER_CAP_REASON = SYSTEM_REASONS.publisher_cap;

/** Whether the campaign caps its publishers at all (then recording takes the campaign's lock). */
export function hasPublisherCaps(campaign: CampaignRow): boolean {
  const caps = campaign.publisherCaps;
  return (
    !!caps &&
    [
      caps.daily_conversions,
      caps.monthly_conversions,
      caps.daily_commission_minor,
      caps.monthly_commission_minor,
    ].some((v) => typeof v === 'number')
  );
}

export const overPublisherCap = (c: { paid: boolean; reason?: string | null }) =>
  c.paid && c.reason === PUBLISHER_CAP_REASON;

interface Counter {
  count: number;
  minor: number;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const utcMonth = (d: Date) => d.toISOString().slice(0, 7);
const dayKey = (s: CapSubject) => `${s.campaign.id}|${s.publisherId}|${utcDay(s.now)}`;
const monthKey = (s: CapSubject) => `${s.campaign.id}|${s.publisherId}|${utcMonth(s.now)}`;

/**
 * What each publisher has earned on a capped campaign this UTC day and month: their non-test conversion and
 * click commissions in a paying status (pending, approved, paid; a rejected or reversed one frees its place),
 * read once inside the transaction that holds the campaign's lock, then carried forward event by event. The
 * caps are read from the campaign row of that transaction, so raising a cap applies from the next event on.
 */
export class PublisherCapLedger {
  private constructor(
    private readonly days: Map<string, Counter>,
    private readonly months: Map<string, Counter>,
  ) {}

  static async load(tx: Db, subjects: CapSubject[]): Promise<PublisherCapLedger> {
    const keys = new Map<string, CapSubject>();
    for (const s of subjects) if (hasPublisherCaps(s.campaign)) keys.set(dayKey(s), s);
    const days = new Map<string, Counter>();
    const months = new Map<string, Counter>();
    if (keys.size === 0) return new PublisherCapLedger(days, months);
    const wanted = [...keys.values()].map((s) => ({
      key: dayKey(s),
      month_key: monthKey(s),
      campaign_id: s.campaign.id,
      publisher_id: s.publisherId,
      day: `${utcDay(s.now)}T00:00:00Z`,
      month: `${utcMonth(s.now)}-01T00:00:00Z`,
    }));
    const rows = await executeRows<{
      key: string;
      month_key: string;
      day_n: string;
      day_minor: string;
      month_n: string;
      month_minor: string;
    }>(
      tx,
      sql`select k.key, k.month_key,
          count(c.id) filter (where c.created_at >= k.day and c.created_at < k.day + interval '1 day')::text as day_n,
          coalesce(sum(c.amount_minor) filter (where c.created_at >= k.day and c.created_at < k.day + interval '1 day'), 0)::text as day_minor,
          count(c.id)::text as month_n,
          coalesce(sum(c.amount_minor), 0)::text as month_minor
        from json_to_recordset(${JSON.stringify(wanted)}::json)
          as k(key text, month_key text, campaign_id uuid, publisher_id uuid, day timestamptz, month timestamptz)
        left join commissions c on c.campaign_id = k.campaign_id and c.publisher_id = k.publisher_id
          and c.kind in ('conversion', 'click') and c.status in ('pending', 'approved', 'paid') and not c.is_test
          and c.created_at >= k.month and c.created_at < k.month + interval '1 month'
        group by k.key, k.month_key`,
    );
    for (const r of rows) {
      days.set(r.key, { count: Number(r.day_n), minor: Number(r.day_minor) });
      months.set(r.month_key, { count: Number(r.month_n), minor: Number(r.month_minor) });
    }
    return new PublisherCapLedger(days, months);
  }

  /** Whether one more event of `amountMinor` stays within every cap of the subject's campaign. */
  allows(subject: CapSubject, amountMinor: number): boolean {
    const caps = subject.campaign.publisherCaps;
    if (!caps || !hasPublisherCaps(subject.campaign)) return true;
    const day = this.days.get(dayKey(subject)) ?? { count: 0, minor: 0 };
    const month = this.months.get(monthKey(subject)) ?? { count: 0, minor: 0 };
    const within = (cap: number | null | undefined, next: number) => typeof cap !== 'number' || next <= cap;
    return (
      within(caps.daily_conversions, day.count + 1) &&
      within(caps.monthly_conversions, month.count + 1) &&
      within(caps.daily_commission_minor, day.minor + amountMinor) &&
      within(caps.monthly_commission_minor, month.minor + amountMinor)
    );
  }

  /** Counts an event that was paid (after `allows` and the campaign's own limits). */
  add(subject: CapSubject, amountMinor: number): void {
    if (!hasPublisherCaps(subject.campaign)) return;
    const bump = (map: Map<string, Counter>, key: string) => {
      const c = map.get(key) ?? { count: 0, minor: 0 };
      map.set(key, { count: c.count + 1, minor: c.minor + amountMinor });
    };
    bump(this.days, dayKey(subject));
    bump(this.months, monthKey(subject));
  }
}

/**
 * Tells each publisher once per campaign and UTC day that they reached its cap, in the transaction that
 * stored the capped commissions: the notice row's primary key picks the one batch that tells them.
 */
export async function noticeCappedPublishers(tx: Db, rows: CommissionRow[]): Promise<void> {
  const capped = rows.filter((r) => r.reason === PUBLISHER_CAP_REASON && !r.isTest);
  if (capped.length === 0) return;
  const first = new Map<string, CommissionRow>();
  for (const r of capped) first.set(`${r.campaignId}|${r.publisherId}|${utcDay(r.createdAt)}`, r);
  const fresh = await tx
    .insert(publisherCapNotices)
    .values(
      [...first.values()].map((r) => ({
        campaignId: r.campaignId,
        publisherId: r.publisherId,
        day: utcDay(r.createdAt),
      })),
    )
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0) return;
  const names = new Map(
    (
      await tx
        .select({ id: campaigns.id, name: campaigns.name })
        .from(campaigns)
        .where(inArray(campaigns.id, [...new Set(fresh.map((n) => n.campaignId))]))
    ).map((c) => [c.id, c.name]),
  );
  await insertNotifications(
    tx,
    fresh.map((n) => {
      const r = first.get(`${n.campaignId}|${n.publisherId}|${n.day}`)!;
      return {
        userId: r.publisherId,
        event: {
          category: 'conversion',
          priority: 'high' as const,
          isImportant: true,
          title: msg('notifications:cap.reached.title'),
          body: msg('notifications:cap.reached.body', {
            campaign: names.get(r.campaignId) ?? msg('notifications:cap.reached.someCampaign'),
          }),
          link: '/commissions',
          data: { type: 'publisher_cap', campaign_id: r.campaignId, day: n.day },
        },
      };
    }),
  );
}
