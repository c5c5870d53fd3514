import { CURRENCY_DECIMALS } from '../platform/currency-codes';
import { PAID_EVENT, priceCommission, type PricingTerms } from '../platform/commission-math';
import { DAILY_CAP_REASON } from '../modules/commissions/service';
import { isBotRequest } from '../modules/tracking/service';
import type { DemoRandom } from './demo-random';
import type { commissions } from '../db/schema/commissions';
import type { clicks, conversions } from '../db/schema/tracking';

/**
 * The demo's tracked history: clicks on every working tracking link for the last 90 days, the
 * conversions on some of them and the commissions those earn, priced by the real rules (tiers,
 * overrides, daily caps) and carried through their lifecycle by age (pending → approved → paid, some
 * rejected or reversed). Pure: it returns rows and writes nothing.
 */

export const DEMO_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** the default hold period: older commissions have been decided */
const HOLD_DAYS = 30;

type ClickRow = typeof clicks.$inferInsert & { id: string; createdAt: Date };
type ConversionRow = typeof conversions.$inferInsert & { id: string; createdAt: Date };
type CommissionRow = typeof commissions.$inferInsert;

export interface TrafficCampaign {
  id: string;
  advertiserId: string;
  currency: 'DKK' | 'EUR' | 'GBP' | 'USD';
  pricing: PricingTerms;
  dailyCapMinor: number | null;
  conversionRate: number;
  orderRange?: [number, number];
  orderPrefix: string;
  pixelMaxOrderMinor: number | null;
}

export interface TrafficLink {
  id: string;
  campaign: TrafficCampaign;
  publisherId: string;
  websiteId: string;
  site: { url: string; audience: Record<string, number>; placements: string[]; articles: string[] };
  /** clicks are counted from `from` until `until` (approval; end, pause or suspension, or now) */
  from: Date;
  until: Date;
  clicksPerDay: number;
}

export interface Traffic {
  clicks: ClickRow[];
  conversions: ConversionRow[];
  commissions: CommissionRow[];
}

/** Sunday first, as Date#getUTCDay: weekday browsing beats the weekend */
const WEEKDAY = [0.8, 1.08, 1.12, 1.06, 1.0, 0.9, 0.76];
/** share of a day's clicks per UTC hour: quiet nights, a lunch bump, busy evenings */
const HOURS = [
  1, 0.6, 0.4, 0.3, 0.3, 0.5, 1.2, 2.2, 3.2, 3.8, 4, 4.4, 5, 4.8, 4.4, 4.4, 4.6, 5.2, 6, 6.6, 6.8, 6, 4.2,
  2.2,
];
const HOUR_WEIGHTS: Record<string, number> = Object.fromEntries(HOURS.map((w, h) => [String(h), w]));
const HUMAN_AGENTS: Record<string, number> = {
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1': 24,
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36': 14,
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36': 8,
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36': 22,
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0': 8,
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15': 12,
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0': 6,
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1': 6,
};
const BOT_AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'python-requests/2.32.3',
  'curl/8.7.1',
];
const BOT_SHARE = 0.03;
/** a visitor who clicks again within the hour (not unique) */
const REPEAT_SHARE = 0.1;

const REASONS = {
  sale: {
    rejected: [
      'Order cancelled by the customer before shipping',
      'Duplicate order: the customer placed the same order twice',
      'Payment failed; the order was never completed',
    ],
    reversed: [
      'Customer returned the goods within the return period',
      'Chargeback from the card issuer',
      'Order refunded after a delivery complaint',
    ],
  },
  lead: {
    rejected: [
      'Duplicate lead: this person had already enquired',
      'The lead did not pass the identity check',
      'Test or fake contact details',
    ],
    reversed: ['The applicant cancelled within the 14-day cooling-off period'],
  },
  click: {
    rejected: ['Invalid traffic: a burst of clicks from one network'],
    reversed: ['Invalid traffic found in the monthly click audit'],
  },
} as const;

const startOfUtcDay = (ms: number) => ms - (ms % DAY_MS);
const monthKey = (d: Date) => `${d.getUTCFullYear()}-${d.getUTCMonth()}`;

/** Everything tracked on the links up to `now`. */
export function generateTraffic(rng: DemoRandom, links: TrafficLink[], now: Date): Traffic {
  const out: Traffic = { clicks: [], conversions: [], commissions: [] };
  for (const link of links) generateLinkTraffic(rng, link, now.getTime(), out);
  const byCampaign = new Map<TrafficCampaign, TrafficLink[]>();
  for (const link of links) byCampaign.set(link.campaign, [...(byCampaign.get(link.campaign) ?? []), link]);
  for (const campaign of byCampaign.keys()) priceCampaign(rng, campaign, out, now.getTime());
  return out;
}

function generateLinkTraffic(rng: DemoRandom, link: TrafficLink, now: number, out: Traffic): void {
  const today = startOfUtcDay(now);
  const until = Math.min(link.until.getTime(), now);
  const from = link.from.getTime();
  for (let back = DEMO_DAYS - 1; back >= 0; back -= 1) {
    const dayStart = today - back * DAY_MS;
    const start = Math.max(dayStart, from);
    const end = Math.min(dayStart + DAY_MS, until);
    if (end <= start) continue;
    // a slight upward trend over the period, the weekday rhythm and some day-to-day noise
    const trend = 0.88 + 0.24 * ((DEMO_DAYS - 1 - back) / (DEMO_DAYS - 1));
    const noise = Math.min(1.3, Math.max(0.7, 1 + 0.1 * rng.normal()));
    const share = (end - start) / DAY_MS;
    const visits = rng.poisson(
      link.clicksPerDay * trend * WEEKDAY[new Date(dayStart).getUTCDay()]! * noise * share,
    );
    for (let i = 0; i < visits; i += 1) visit(rng, link, clickTime(rng, dayStart, start, end), until, out);
  }
}

/** A moment in [start, end) of the day, following the hourly rhythm where the window allows. */
function clickTime(rng: DemoRandom, dayStart: number, start: number, end: number): number {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const hour = Number(rng.weighted(HOUR_WEIGHTS));
    const t = dayStart + hour * 3_600_000 + Math.floor(rng.next() * 3_600_000);
    if (t >= start && t < end) return t;
  }
  return start + Math.floor(rng.next() * (end - start));
}

/** One visitor: a bot, or a person who may click again and may convert. */
function visit(rng: DemoRandom, link: TrafficLink, at: number, until: number, out: Traffic): void {
  const country = rng.chance(0.02) ? null : rng.weighted(link.site.audience);
  const ipHash = rng.token(16).slice(0, 22);
  if (rng.chance(BOT_SHARE)) {
    const userAgent = rng.pick(BOT_AGENTS);
    out.clicks.push(clickRow(rng, link, { at, ipHash, userAgent, referrer: null, subs: [], country }));
    return;
  }
  const userAgent = rng.weighted(HUMAN_AGENTS);
  const placement = rng.chance(0.92) ? rng.pick(link.site.placements) : null;
  const article = placement ? rng.pick(link.site.articles) : null;
  const source = placement === 'newsletter' ? 'email' : rng.weighted({ seo: 6, social: 3, email: 1 });
  const subs = placement ? [placement, article, source] : [];
  const referrer = rng.chance(0.82) ? `${link.site.url}/${article ?? ''}` : null;
  const first = clickRow(rng, link, { at, ipHash, userAgent, referrer, subs, country });
  out.clicks.push(first);
  if (rng.chance(REPEAT_SHARE)) {
    const again = at + rng.int(1, 45) * MINUTE_MS;
    if (again < until) {
      out.clicks.push(clickRow(rng, link, { at: again, ipHash, userAgent, referrer, subs, country }, false));
    }
  }
  if (rng.chance(link.campaign.conversionRate)) convert(rng, link, first, until, out);
}

function clickRow(
  rng: DemoRandom,
  link: TrafficLink,
  c: {
    at: number;
    ipHash: string;
    userAgent: string;
    referrer: string | null;
    subs: (string | null)[];
    country: string | null;
  },
  unique = true,
): ClickRow {
  const isBot = isBotRequest('GET', c.userAgent);
  return {
    id: rng.token(16),
    linkId: link.id,
    campaignId: link.campaign.id,
    publisherId: link.publisherId,
    websiteId: link.websiteId,
    ipHash: c.ipHash,
    userAgent: c.userAgent,
    referrer: c.referrer,
    sub1: c.subs[0] ?? null,
    sub2: c.subs[1] ?? null,
    sub3: c.subs[2] ?? null,
    country: c.country,
    // bots never take the unique slot (as on the redirect path)
    isUnique: unique && !isBot,
    isBot,
    isTest: false,
    createdAt: new Date(c.at),
  };
}

/** The visitor buys (or leaves their details) minutes to days later, while the link still works. */
function convert(rng: DemoRandom, link: TrafficLink, click: ClickRow, until: number, out: Traffic): void {
  const { campaign } = link;
  const delayMinutes = rng.weighted({ soon: 6, sameDay: 3, later: 1 });
  const delay =
    delayMinutes === 'soon'
      ? rng.int(2, 60)
      : delayMinutes === 'sameDay'
        ? rng.int(60, 24 * 60)
        : rng.int(24 * 60, 7 * 24 * 60);
  const at = click.createdAt.getTime() + delay * MINUTE_MS;
  if (at >= until) return;
  const event = PAID_EVENT[campaign.pricing.commissionModel] === 'lead' ? 'lead' : 'sale';
  const amountMinor = event === 'sale' && campaign.orderRange ? orderAmount(rng, campaign) : 0;
  const cap = campaign.pixelMaxOrderMinor;
  // pixel campaigns see some orders reported by the visitor's browser (unsigned, within the cap)
  const byPixel = cap !== null && amountMinor <= cap && rng.chance(0.25);
  out.conversions.push({
    id: rng.uuid(),
    clickId: click.id,
    campaignId: campaign.id,
    publisherId: link.publisherId,
    websiteId: link.websiteId,
    orderId: '', // numbered per campaign in time order by priceCampaign
    event,
    originalAmountMinor: amountMinor,
    originalCurrency: campaign.currency,
    amountMinor,
    currency: campaign.currency,
    rate: '1',
    source: byPixel ? 'pixel' : 'postback',
    clientReported: byPixel,
    isTest: false,
    createdAt: new Date(at),
  });
}

/** A shop-like price in minor units: whole major units ending in .00, .50, .95 or .99 (none for JPY-like). */
function orderAmount(rng: DemoRandom, campaign: TrafficCampaign): number {
  const [min, max] = campaign.orderRange!;
  const decimals = CURRENCY_DECIMALS[campaign.currency];
  const unit = 10 ** decimals;
  const cents = decimals === 0 ? 0 : rng.pick([0, 50, 95, 99]);
  // lower prices sell more often: the square skews towards the bottom of the range
  const major = min + Math.floor(rng.next() ** 2 * (max - min));
  return major * unit + cents;
}

/**
 * Numbers the campaign's orders and prices every paid event in time order, the way recordCommission
 * does at the time: tiers count the publisher's earlier paid events that month, a day past its cap is
 * rejected. Then each commission takes the status its age gives it.
 */
function priceCampaign(rng: DemoRandom, campaign: TrafficCampaign, out: Traffic, now: number): void {
  const model = campaign.pricing.commissionModel;
  const convs = out.conversions
    .filter((c) => c.campaignId === campaign.id)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let orderNo = 100_000 + rng.int(0, 8_000);
  for (const c of convs) {
    orderNo += rng.int(1, 29);
    c.orderId = `${campaign.orderPrefix}-${orderNo}`;
  }
  const events =
    model === 'cpc'
      ? out.clicks
          .filter((c) => c.campaignId === campaign.id && c.isUnique && !c.isBot)
          .map((c) => ({
            at: c.createdAt,
            publisherId: c.publisherId,
            websiteId: c.websiteId,
            amountMinor: 0,
            click: c,
          }))
      : convs.map((c) => ({
          at: c.createdAt,
          publisherId: c.publisherId,
          websiteId: c.websiteId!,
          amountMinor: c.amountMinor,
          conversion: c,
        }));
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  const perPublisherMonth = new Map<string, number>();
  const spentPerDay = new Map<number, number>();
  for (const e of events) {
    const countKey = `${e.publisherId}|${monthKey(e.at)}`;
    const earlierThisMonth = perPublisherMonth.get(countKey) ?? 0;
    const pricing = priceCommission(campaign.pricing, {
      publisherId: e.publisherId,
      event: PAID_EVENT[model],
      amountMinor: e.amountMinor,
      earlierThisMonth,
    });
    if (!pricing.paid) continue;
    const day = startOfUtcDay(e.at.getTime());
    const spent = spentPerDay.get(day) ?? 0;
    const capped = campaign.dailyCapMinor !== null && spent + pricing.amountMinor > campaign.dailyCapMinor;
    if (!capped) {
      perPublisherMonth.set(countKey, earlierThisMonth + 1);
      spentPerDay.set(day, spent + pricing.amountMinor);
    }
    const kind = model === 'cpc' ? 'click' : 'conversion';
    const clientReported = 'conversion' in e && e.conversion.clientReported === true;
    out.commissions.push({
      id: rng.uuid(),
      kind,
      amountMinor: pricing.amountMinor,
      currency: campaign.currency,
      campaignId: campaign.id,
      advertiserId: campaign.advertiserId,
      publisherId: e.publisherId,
      websiteId: e.websiteId,
      conversionId: 'conversion' in e ? e.conversion.id : null,
      clickId: 'click' in e ? e.click.id : null,
      rule: pricing.rule,
      isTest: false,
      createdAt: e.at,
      ...(capped
        ? { status: 'rejected', reason: DAILY_CAP_REASON, updatedAt: e.at }
        : lifecycle(rng, {
            createdAt: e.at.getTime(),
            now,
            event: PAID_EVENT[model],
            advertiserId: campaign.advertiserId,
            clientReported,
          })),
    });
  }
}

type Lifecycle = Pick<CommissionRow, 'status' | 'reason' | 'decidedBy' | 'decidedAt' | 'updatedAt'>;

/**
 * Where a commission of this age stands: past the hold period nearly all are approved (by the
 * advertiser, or automatically at the end of the hold — never for unsigned pixel sales), the older ones
 * mostly paid, a few rejected or reversed; within the hold most are pending.
 */
function lifecycle(
  rng: DemoRandom,
  c: {
    createdAt: number;
    now: number;
    event: 'sale' | 'lead' | 'click';
    advertiserId: string;
    clientReported: boolean;
  },
): Lifecycle {
  const ageDays = (c.now - c.createdAt) / DAY_MS;
  const reasons = REASONS[c.event];
  const byAdvertiser = (maxDays: number) => {
    const at = new Date(Math.min(c.now - MINUTE_MS, c.createdAt + rng.int(1, Math.max(1, maxDays)) * DAY_MS));
    return { decidedBy: c.advertiserId, decidedAt: at, updatedAt: at };
  };
  const r = rng.next();
  const rejectShare = c.event === 'click' ? 0.01 : 0.04;
  if (r < rejectShare) {
    return { status: 'rejected', reason: rng.pick(reasons.rejected), ...byAdvertiser(Math.min(ageDays, 20)) };
  }
  if (ageDays < HOLD_DAYS) {
    if (ageDays >= 5 && r < rejectShare + 0.15)
      return { status: 'approved', reason: null, ...byAdvertiser(ageDays) };
    return {
      status: 'pending',
      reason: null,
      decidedBy: null,
      decidedAt: null,
      updatedAt: new Date(c.createdAt),
    };
  }
  // refunds and chargebacks hit sales and leads; clicks are seldom clawed back
  const reverseShare = c.event === 'click' ? 0.005 : 0.04;
  if (r < rejectShare + reverseShare) {
    const reversedAt = new Date(
      Math.min(c.now - MINUTE_MS, c.createdAt + (HOLD_DAYS + rng.int(1, 20)) * DAY_MS),
    );
    return {
      status: 'reversed',
      reason: rng.pick(reasons.reversed),
      decidedBy: c.advertiserId,
      decidedAt: reversedAt,
      updatedAt: reversedAt,
    };
  }
  const approved =
    c.clientReported || rng.chance(0.35)
      ? byAdvertiser(HOLD_DAYS - 1)
      : {
          decidedBy: null,
          decidedAt: new Date(c.createdAt + HOLD_DAYS * DAY_MS),
          updatedAt: new Date(c.createdAt + HOLD_DAYS * DAY_MS),
        };
  // payouts went out for most of what was approved more than a month ago
  if (ageDays >= 60 && rng.chance(0.7)) {
    const paidAt = new Date(c.createdAt + rng.int(60, Math.floor(ageDays)) * DAY_MS);
    return { status: 'paid', reason: null, ...approved, updatedAt: paidAt };
  }
  return { status: 'approved', reason: null, ...approved };
}
