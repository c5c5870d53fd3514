import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/connection';
import { subjectAddress, subjectNetwork, type FraudSubject, type SubjectFacts } from './rules/rule';
import { BUILT_IN_THRESHOLDS } from './thresholds';

// What the rules need from the database, for a whole batch of subjects in one statement (whatever its size):
// the thresholds an admin stored, the publishers' sign-in addresses, the conversions per address and network
// in the last day, the clicks per address and link in the minute around each click, and the publishers'
// daily conversion rates. One statement rather than six: on the embedded database each statement is a round
// trip to its worker thread with a parse and plan of its own, paid by every batch of conversions
// (docs/benchmarks.md, "Fraud reads in one statement"). The per-address, per-network and per-minute counts stop
// one past the largest limit that can apply: a rule only asks whether a count is over its limit, and a mobile
// carrier's /24 may send thousands of conversions a day, which every conversion from it would otherwise read.

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
  const { stored, sessions, perAddress, perNetwork, minute, rates, bounds } = read;
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
      const a = (seenAddress.get(address) ?? 0) + 1;
      seenAddress.set(address, a);
      const storedAtAddress = perAddress.get(address) ?? 0;
      facts.addressConversions = storedAtAddress + a;
      facts.atLeast.address = storedAtAddress >= bounds.conversions;
      if (network) {
        const n = (seenNetwork.get(network) ?? 0) + 1;
        seenNetwork.set(network, n);
        const storedInNetwork = perNetwork.get(network) ?? 0;
        facts.networkConversions = storedInNetwork + n;
        facts.atLeast.network = storedInNetwork >= bounds.conversions;
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

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;
/** `= any(…)` of the distinct values: an index condition, like a list of parameters */
const anyOf = (values: (string | null)[], type: 'text' | 'uuid' = 'text') =>
  sql`any(array(select value::${sql.raw(type)} from json_array_elements_text(${json([
    ...new Set(values.filter((v) => v !== null)),
  ])})))`;

/**
 * How far the statement counts stored rows for a limit: past the largest that can apply to the batch, the
 * campaigns' own or, when one of them sets none, the platform's (the admin's setting, read by the statement
 * itself, else the built-in one). `past` is 1 for the conversion counts, which leave the subject out, and 2 for
 * the click count, which holds the subject's own click: either way a count that just fires its rule is exact.
 */
function boundOf(
  key: 'max_conversions_per_ip_day' | 'max_clicks_per_ip_minute',
  subjects: FraudSubject[],
  past: 1 | 2,
) {
  const own = subjects.map((s) => s.campaign.fraud?.[key]);
  const campaigns = Math.max(0, ...own.filter((n) => typeof n === 'number'));
  const platform = own.some((n) => typeof n !== 'number')
    ? sql`coalesce((select (thresholds->>${key})::int from fraud_settings where id = 1), ${BUILT_IN_THRESHOLDS[key]}::int)`
    : sql`0`;
  return sql`greatest(${campaigns}::int, ${platform}) + ${past}::int`;
}

/**
 * The statement. Each part is an index lookup: sign-ins by (user, address); conversions since a day before
 * the oldest subject per address and per network hash; per subject, clicks on its link from its click's
 * address within a minute either side of the click (both sides: a paid CPC click is the first of a flood, and
 * the clicks of the same buffer window are written with it); per campaign and publisher, human clicks and
 * conversions today and in the 30 days before (daily rollups). The three counts stop at `bounds`.
 */
async function readBatch(db: Db, subjects: FraudSubject[]) {
  const conversions = subjects.filter((s) => s.kind === 'conversion');
  const since = new Date(Math.min(...subjects.map((s) => s.at.getTime())) - DAY_MS);
  const today = dayOf(subjects[0]!.at);
  const from = dayOf(new Date(subjects[0]!.at.getTime() - BASELINE_DAYS * DAY_MS));
  const users = subjects.map((s) => s.publisherId);
  const ips = subjects.flatMap((s) => (s.pixel ? [s.click.ipHash, s.pixel.ipHash] : [s.click.ipHash]));
  const clicks = subjects.map((s, i) => ({
    i,
    link_id: s.click.linkId,
    ip_hash: s.click.ipHash,
    at: s.click.createdAt.toISOString(),
  }));
  const pairs = [
    ...new Map(
      conversions.map((s) => [
        `${s.campaign.id}|${s.publisherId}`,
        { campaign_id: s.campaign.id, publisher_id: s.publisherId },
      ]),
    ).values(),
  ];
  const perHash = (column: 'ip_hash' | 'net_hash', hashes: (string | null)[]) => sql`(
    select coalesce(json_agg(json_build_array(h.hash, (
        select count(*)::int from (
          select from conversion_addresses a
          where a.${sql.identifier(column)} = h.hash and a.created_at > ${since.toISOString()}::timestamptz
          limit (select conversions from bounds)) x))), '[]'::json)
    from json_array_elements_text(${json([...new Set(hashes.filter((v) => v !== null))])}) as h(hash))`;
  const [row] = await executeRows<{
    stored: Record<string, number> | null;
    bounds: { conversions: number; clicks: number };
    sessions: [string, string, string][];
    per_ip: [string, number][];
    per_net: [string, number][];
    minute: [number, number][];
    rates: [string, string, number, number, number, number][];
  }>(
    db,
    sql`with bounds as (
        select ${boundOf('max_conversions_per_ip_day', conversions, 1)} as conversions,
          ${boundOf('max_clicks_per_ip_minute', subjects, 2)} as clicks)
      select
      (select thresholds from fraud_settings where id = 1) as stored,
      (select json_build_object('conversions', conversions, 'clicks', clicks) from bounds) as bounds,
      (select coalesce(json_agg(json_build_array(a.user_id, a.ip_hash, a.last_seen_at)), '[]'::json)
        from session_addresses a
        where a.user_id = ${anyOf(users, 'uuid')} and a.ip_hash = ${anyOf(ips)}) as sessions,
      ${perHash('ip_hash', conversions.map(subjectAddress))} as per_ip,
      ${perHash('net_hash', conversions.map(subjectNetwork))} as per_net,
      (select coalesce(json_agg(json_build_array(k.i, (
          select count(*)::int from (
            select from clicks c
            where c.link_id = k.link_id and c.ip_hash = k.ip_hash
              and c.created_at > k.at - interval '1 minute' and c.created_at < k.at + interval '1 minute'
            limit (select clicks from bounds)) x
        ))), '[]'::json)
        from json_to_recordset(${json(clicks)}) as k(i int, link_id uuid, ip_hash text, at timestamptz)) as minute,
      (select coalesce(json_agg(json_build_array(r.campaign_id, r.publisher_id, r.today_clicks,
          r.today_conversions, r.base_clicks, r.base_conversions)), '[]'::json)
        from (
          select t.campaign_id, t.publisher_id,
            coalesce(sum(t.clicks - t.bot_clicks) filter (where t.day = ${today}::date), 0)::int as today_clicks,
            coalesce(sum(t.conversions) filter (where t.day = ${today}::date), 0)::int as today_conversions,
            coalesce(sum(t.clicks - t.bot_clicks) filter (where t.day < ${today}::date), 0)::int as base_clicks,
            coalesce(sum(t.conversions) filter (where t.day < ${today}::date), 0)::int as base_conversions
          from json_to_recordset(${json(pairs)}) as k(campaign_id uuid, publisher_id uuid)
          join daily_totals t on t.campaign_id = k.campaign_id and t.publisher_id = k.publisher_id
            and t.day >= ${from}::date and t.day <= ${today}::date
          group by t.campaign_id, t.publisher_id) r) as rates`,
  );
  // by the click (link, address, time) the count is for, so that any of the subjects can look theirs up
  const minute = new Map<string, number>();
  for (const [i, n] of row!.minute) minute.set(minuteKey(subjects[Number(i)]!), Number(n));
  return {
    stored: row!.stored ?? {},
    bounds: row!.bounds,
    sessions: new Map(row!.sessions.map(([user, ip, at]) => [`${user}|${ip}`, new Date(at)])),
    perAddress: new Map(row!.per_ip.map(([hash, n]) => [hash, Number(n)])),
    perNetwork: new Map(row!.per_net.map(([hash, n]) => [hash, Number(n)])),
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
