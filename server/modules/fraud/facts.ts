import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { executeNamedRows } from '../../db/named-statement';
import {
  subjectAddress,
  subjectNetwork,
  subjectNetworkKey,
  type FraudSubject,
  type SubjectFacts,
} from './rules/rule';
import { BUILT_IN_THRESHOLDS } from './thresholds';

// What the rules need from the database, for a whole batch of subjects in one statement (whatever its size):
// the thresholds an admin stored, the publishers' sign-in addresses, the conversions per address and network
// in the last day, the clicks per address and link in the minute around each click, and the publishers'
// daily conversion rates. One statement rather than six: on the embedded database each statement is a round
// trip to its worker thread with a parse and plan of its own, paid by every batch of conversions
// (docs/benchmarks.md, "Fraud reads in one statement"). Its text never changes and it has one parameter, the
// batch's inputs as JSON: the server builds nothing but that JSON per batch, and the database plans it once.
// The per-address, per-network and per-minute counts stop one past the largest limit that can apply: a rule
// only asks whether a count is over its limit, and a mobile carrier's /24 may send thousands of conversions a
// day, which every conversion from it would otherwise read.

const DAY_MS = 24 * 60 * 60 * 1000;
const BASELINE_DAYS = 30;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A batch's facts, one per subject, and the platform thresholds an admin stored (`{}` when none). */
export interface BatchFacts {
  stored: Record<string, number>;
  facts: SubjectFacts[];
}

interface Rates {
  todayClicks: number;
  todayConversions: number;
  baseClicks: number;
  baseConversions: number;
}

/** What the statement read for some subjects: enough for the facts of any of them (`factsOf`). */
export type FactsRead = Awaited<ReturnType<typeof readBatch>>;

export async function loadFacts(db: Db, subjects: FraudSubject[]): Promise<BatchFacts> {
  return factsOf(await readFacts(db, subjects), subjects);
}

/** Reads the facts of the subjects, ahead of deciding which of them are scored (null for none). */
export function readFacts(db: Db, subjects: FraudSubject[]): Promise<FactsRead | null> {
  return subjects.length === 0 ? Promise.resolve(null) : readBatch(db, subjects);
}

/**
 * The facts of `subjects`, in order, from what `readFacts` read for them or for more subjects than them (a
 * batch reads for every candidate and scores the conversions it stores): earlier subjects of the list count
 * like stored conversions.
 */
export function factsOf(read: FactsRead | null, subjects: FraudSubject[]): BatchFacts {
  if (subjects.length === 0) return { stored: read?.stored ?? {}, facts: [] };
  if (!read) throw new Error('fraud facts were not read for these subjects');
  const { stored, sessions, counts, minute, rates, bounds } = read;
  // earlier conversions of the same batch count like stored ones
  const seenAddress = new Map<string, number>();
  const seenNetwork = new Map<string, number>();
  const seenToday = new Map<string, number>();
  const facts = subjects.map((s) => {
    const address = subjectAddress(s);
    const network = subjectNetwork(s);
    const pair = `${s.campaign.id}|${s.publisherId}`;
    const sessionAt = [s.click.ipHash, s.pixel?.ipHash]
      .map((ip) => (ip ? sessions.get(`${s.publisherId}|${ip}`) : undefined))
      .find((at) => at !== undefined);
    const clicks = minute.get(minuteKey(s)) ?? 0;
    const facts: SubjectFacts = {
      publisherSessionAt: sessionAt ?? null,
      addressConversions: 0,
      networkConversions: 0,
      clicksInMinute: clicks,
      atLeast: { address: false, network: false, clicks: clicks >= bounds.clicks },
      today: { clicks: 0, conversions: 0 },
      baseline: { clicks: 0, conversions: 0 },
    };
    if (s.kind === 'conversion') {
      // the address's count is of the network's rows read: a lower bound once those stopped at the bound
      const found = counts.get(countKey(countPair(s))) ?? { network: 0, address: 0 };
      const stopped = found.network >= bounds.conversions;
      const a = (seenAddress.get(address) ?? 0) + 1;
      seenAddress.set(address, a);
      facts.addressConversions = found.address + a;
      facts.atLeast.address = stopped;
      if (network) {
        const n = (seenNetwork.get(network) ?? 0) + 1;
        seenNetwork.set(network, n);
        facts.networkConversions = found.network + n;
        facts.atLeast.network = stopped;
      }
      const t = (seenToday.get(pair) ?? 0) + 1;
      seenToday.set(pair, t);
      const r = rates.get(pair);
      facts.today = { clicks: r?.todayClicks ?? 0, conversions: (r?.todayConversions ?? 0) + t };
      facts.baseline = { clicks: r?.baseClicks ?? 0, conversions: r?.baseConversions ?? 0 };
    }
    return facts;
  });
  return { stored, facts };
}

/** a subject's click as the per-minute count sees it */
const minuteKey = (s: FraudSubject) => `${s.click.linkId}|${s.click.ipHash}|${s.click.createdAt.getTime()}`;
/** a converting subject's network and address, as the per-network count reads them (`addresses`) */
const countPair = (s: FraudSubject) => [subjectNetworkKey(s), subjectAddress(s)];
const countKey = (pair: string[]) => pair.join('|');

/**
 * The largest of a limit over the campaigns that set it, and whether a subject's campaign sets none (the
 * platform's applies to it): the statement counts stored rows one past the largest limit that can apply (the
 * platform's read by the statement itself, from the admin's settings, else the built-in one).
 */
function limitsOf(key: 'max_conversions_per_ip_day' | 'max_clicks_per_ip_minute', subjects: FraudSubject[]) {
  const own = subjects.map((s) => s.campaign.fraud?.[key]);
  return [Math.max(0, ...own.filter((n) => typeof n === 'number')), own.some((n) => typeof n !== 'number')];
}

/** the one parameter: everything the statement reads for, each list in the order its answer keeps */
function inputOf(subjects: FraudSubject[]) {
  const conversions = subjects.filter((s) => s.kind === 'conversion');
  const at = subjects[0]!.at;
  const distinct = <T>(rows: T[], key: (row: T) => string) => [
    ...new Map(rows.map((r) => [key(r), r])).values(),
  ];
  return {
    since: new Date(Math.min(...subjects.map((s) => s.at.getTime())) - DAY_MS).toISOString(),
    today: dayOf(at),
    from: dayOf(new Date(at.getTime() - BASELINE_DAYS * DAY_MS)),
    // one past the limit for the conversion counts, which leave the subject out, and two past it for the click
    // count, which holds the subject's own click: either way a count that just fires its rule is exact
    conversions_limit: limitsOf('max_conversions_per_ip_day', conversions),
    clicks_limit: limitsOf('max_clicks_per_ip_minute', subjects),
    users: [...new Set(subjects.map((s) => s.publisherId))],
    ips: [
      ...new Set(subjects.flatMap((s) => (s.pixel ? [s.click.ipHash, s.pixel.ipHash] : [s.click.ipHash]))),
    ],
    addresses: distinct(conversions.map(countPair), countKey),
    clicks: subjects.map((s) => [s.click.linkId, s.click.ipHash, s.click.createdAt.toISOString()]),
    pairs: distinct(
      conversions.map((s) => [s.campaign.id, s.publisherId]),
      (p) => p.join('|'),
    ),
  };
}

/** the platform's limit inside the statement: the admin's setting, else the built-in one */
const platformLimit = (key: 'max_conversions_per_ip_day' | 'max_clicks_per_ip_minute') =>
  sql.raw(
    `coalesce((select (thresholds->>'${key}')::int from fraud_settings where id = 1), ${BUILT_IN_THRESHOLDS[key]})`,
  );

/**
 * The statement. Each part is an index lookup: sign-ins by (user, address); per network, its conversions since a
 * day before the oldest subject, and of them its address's (one lookup for both); per subject, clicks on its
 * link from its click's address within a minute either side of the click (both sides: a paid CPC click is the
 * first of a flood, and the clicks of the same buffer window are written with it); per campaign and publisher,
 * human clicks and conversions today and in the 30 days before (daily rollups). The counts stop at `bounds`.
 */
const FACTS = (input: unknown) => sql`with raw as (select ${JSON.stringify(input)}::json as j),
  -- each scalar taken out of the JSON once: json is text, and every -> reads it again from the start
  input as (
    select (j->>'since')::timestamptz as since, (j->>'today')::date as today, (j->>'from')::date as from_day,
      greatest((j->'conversions_limit'->>0)::int, case when (j->'conversions_limit'->>1)::boolean
        then ${platformLimit('max_conversions_per_ip_day')} else 0 end) + 1 as conversions_bound,
      greatest((j->'clicks_limit'->>0)::int, case when (j->'clicks_limit'->>1)::boolean
        then ${platformLimit('max_clicks_per_ip_minute')} else 0 end) + 2 as clicks_bound,
      j->'users' as users, j->'ips' as ips, j->'addresses' as addresses, j->'clicks' as clicks,
      j->'pairs' as pairs
    from raw)
  select
    (select thresholds from fraud_settings where id = 1) as stored,
    (select json_build_array(conversions_bound, clicks_bound) from input) as bounds,
    (select coalesce(json_agg(json_build_array(a.user_id, a.ip_hash, a.last_seen_at)), '[]'::json)
      from session_addresses a
      where a.user_id = any(array(select value::uuid from input, json_array_elements_text(input.users)))
        and a.ip_hash = any(array(select value from input, json_array_elements_text(input.ips)))) as sessions,
    (select coalesce(json_agg(json_build_array(x.network, x.address) order by h.i), '[]'::json)
      from input cross join json_array_elements(input.addresses) with ordinality as h(pair, i)
      cross join lateral (
        select count(*)::int as network, (count(*) filter (where r.ip_hash = h.pair->>1))::int as address
        from (
          select c.ip_hash from conversion_addresses c
          where c.net_hash = h.pair->>0 and c.created_at > input.since
          limit input.conversions_bound) r) x) as counts,
    (select coalesce(json_agg((
        select count(*)::int from (
          select from clicks c
          where c.link_id = (k.click->>0)::uuid and c.ip_hash = k.click->>1
            and c.created_at > (k.click->>2)::timestamptz - interval '1 minute'
            and c.created_at < (k.click->>2)::timestamptz + interval '1 minute'
          limit input.clicks_bound) x
      ) order by k.i), '[]'::json)
      from input cross join json_array_elements(input.clicks) with ordinality as k(click, i)) as minute,
    (select coalesce(json_agg(json_build_array(k.pair->>0, k.pair->>1, r.today_clicks, r.today_conversions,
        r.base_clicks, r.base_conversions)), '[]'::json)
      from input cross join json_array_elements(input.pairs) as k(pair)
      -- per pair, a lookup by (campaign, day) (a join was planned as a scan of every pair's month of rows)
      cross join lateral (
        select
          coalesce(sum(t.clicks - t.bot_clicks) filter (where t.day = input.today), 0)::int as today_clicks,
          coalesce(sum(t.conversions) filter (where t.day = input.today), 0)::int as today_conversions,
          coalesce(sum(t.clicks - t.bot_clicks) filter (where t.day < input.today), 0)::int as base_clicks,
          coalesce(sum(t.conversions) filter (where t.day < input.today), 0)::int as base_conversions
        from daily_totals t
        where t.campaign_id = (k.pair->>0)::uuid and t.publisher_id = (k.pair->>1)::uuid
          and t.day >= input.from_day and t.day <= input.today) r) as rates`;

async function readBatch(db: Db, subjects: FraudSubject[]) {
  const input = inputOf(subjects);
  const [row] = await executeNamedRows<{
    stored: Record<string, number> | null;
    bounds: [number, number];
    sessions: [string, string, string][];
    counts: [number, number][];
    minute: number[];
    rates: [string, string, number, number, number, number][];
  }>(db, 'fraud_facts', FACTS(input));
  // by the click (link, address, time) the count is for, so that any of the subjects can look theirs up
  const minute = new Map<string, number>();
  row!.minute.forEach((n, i) => minute.set(minuteKey(subjects[i]!), Number(n)));
  const counts = new Map<string, { network: number; address: number }>();
  row!.counts.forEach(([network, address], i) =>
    counts.set(countKey(input.addresses[i]!), { network: Number(network), address: Number(address) }),
  );
  return {
    stored: row!.stored ?? {},
    bounds: { conversions: Number(row!.bounds[0]), clicks: Number(row!.bounds[1]) },
    sessions: new Map(row!.sessions.map(([user, ip, at]) => [`${user}|${ip}`, new Date(at)])),
    counts,
    minute,
    rates: new Map<string, Rates>(
      row!.rates.map(([campaign, publisher, tc, tv, bc, bv]) => [
        `${campaign}|${publisher}`,
        {
          todayClicks: Number(tc),
          todayConversions: Number(tv),
          baseClicks: Number(bc),
          baseConversions: Number(bv),
        },
      ]),
    ),
  };
}
