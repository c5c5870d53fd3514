import { and, gt, inArray, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/connection';
import { conversionAddresses, sessionAddresses } from '../../db/schema/fraud';
import { subjectAddress, subjectNetwork, type FraudSubject, type SubjectFacts } from './rules/rule';

// What the rules need from the database, for a whole batch of subjects in four statements (whatever its
// size): the publishers' sign-in addresses, the conversions per address and network in the last day, the
// clicks per address and link in the minute before each click, and the publishers' daily conversion rates.

const DAY_MS = 24 * 60 * 60 * 1000;
const BASELINE_DAYS = 30;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function loadFacts(db: Db, subjects: FraudSubject[]): Promise<SubjectFacts[]> {
  if (subjects.length === 0) return [];
  const conversions = subjects.filter((s) => s.kind === 'conversion');
  const [sessions, perAddress, perNetwork, minute, rates] = await Promise.all([
    sessionsOf(db, subjects),
    conversionsPer(db, 'ip', conversions.map(subjectAddress), oldest(subjects)),
    conversionsPer(db, 'net', conversions.map(subjectNetwork), oldest(subjects)),
    clicksInMinute(db, subjects),
    conversionRates(db, conversions),
  ]);
  // earlier conversions of the same batch count like stored ones
  const seenAddress = new Map<string, number>();
  const seenNetwork = new Map<string, number>();
  const seenToday = new Map<string, number>();
  return subjects.map((s, i) => {
    const address = subjectAddress(s);
    const network = subjectNetwork(s);
    const pair = `${s.campaign.id}|${s.publisherId}`;
    const sessionAt = [s.click.ipHash, s.pixel?.ipHash]
      .map((ip) => (ip ? sessions.get(`${s.publisherId}|${ip}`) : undefined))
      .find((at) => at !== undefined);
    const facts: SubjectFacts = {
      publisherSessionAt: sessionAt ?? null,
      addressConversions: 0,
      networkConversions: 0,
      clicksInMinute: minute[i] ?? 0,
      today: { clicks: 0, conversions: 0 },
      baseline: { clicks: 0, conversions: 0 },
    };
    if (s.kind === 'conversion') {
      const a = (seenAddress.get(address) ?? 0) + 1;
      seenAddress.set(address, a);
      facts.addressConversions = (perAddress.get(address) ?? 0) + a;
      if (network) {
        const n = (seenNetwork.get(network) ?? 0) + 1;
        seenNetwork.set(network, n);
        facts.networkConversions = (perNetwork.get(network) ?? 0) + n;
      }
      const t = (seenToday.get(pair) ?? 0) + 1;
      seenToday.set(pair, t);
      const r = rates.get(pair);
      facts.today = { clicks: r?.todayClicks ?? 0, conversions: (r?.todayConversions ?? 0) + t };
      facts.baseline = { clicks: r?.baseClicks ?? 0, conversions: r?.baseConversions ?? 0 };
    }
    return facts;
  });
}

const oldest = (subjects: FraudSubject[]) =>
  new Date(Math.min(...subjects.map((s) => s.at.getTime())) - DAY_MS);

/** last sign-in per `publisher|ip hash` among the subjects' publishers and addresses */
async function sessionsOf(db: Db, subjects: FraudSubject[]): Promise<Map<string, Date>> {
  const users = [...new Set(subjects.map((s) => s.publisherId))];
  const ips = [
    ...new Set(subjects.flatMap((s) => (s.pixel ? [s.click.ipHash, s.pixel.ipHash] : [s.click.ipHash]))),
  ];
  const rows = await db
    .select()
    .from(sessionAddresses)
    .where(and(inArray(sessionAddresses.userId, users), inArray(sessionAddresses.ipHash, ips)));
  return new Map(rows.map((r) => [`${r.userId}|${r.ipHash}`, r.lastSeenAt]));
}

/** stored conversions since `since` per address (or network) hash */
async function conversionsPer(
  db: Db,
  by: 'ip' | 'net',
  hashes: (string | null)[],
  since: Date,
): Promise<Map<string, number>> {
  const wanted = [...new Set(hashes.filter((h): h is string => h !== null))];
  if (wanted.length === 0) return new Map();
  const column = by === 'ip' ? conversionAddresses.ipHash : conversionAddresses.netHash;
  const rows = await db
    .select({ hash: column, n: sql<number>`count(*)::int` })
    .from(conversionAddresses)
    .where(and(inArray(column, wanted), gt(conversionAddresses.createdAt, since)))
    .groupBy(column);
  return new Map(rows.map((r) => [r.hash!, Number(r.n)]));
}

/**
 * per subject: clicks on its link from its click's address within a minute either side of the click (index
 * lookups). Both sides: a paid CPC click is the first of a flood (the rest are not unique), and the clicks
 * of the same buffer window are written with it.
 */
async function clicksInMinute(db: Db, subjects: FraudSubject[]): Promise<number[]> {
  const wanted = JSON.stringify(
    subjects.map((s, i) => ({
      i,
      link_id: s.click.linkId,
      ip_hash: s.click.ipHash,
      at: s.click.createdAt.toISOString(),
    })),
  );
  const rows = await executeRows<{ i: number; n: number }>(
    db,
    sql`select k.i, (
        select count(*)::int from clicks c
        where c.link_id = k.link_id and c.ip_hash = k.ip_hash
          and c.created_at > k.at - interval '1 minute' and c.created_at < k.at + interval '1 minute'
      ) as n
      from json_to_recordset(${wanted}::json) as k(i int, link_id uuid, ip_hash text, at timestamptz)`,
  );
  const out = new Array<number>(subjects.length).fill(0);
  for (const r of rows) out[Number(r.i)] = Number(r.n);
  return out;
}

interface Rates {
  todayClicks: number;
  todayConversions: number;
  baseClicks: number;
  baseConversions: number;
}

/** per `campaign|publisher`: human clicks and conversions today and in the 30 days before (daily rollups) */
async function conversionRates(db: Db, subjects: FraudSubject[]): Promise<Map<string, Rates>> {
  if (subjects.length === 0) return new Map();
  const today = dayOf(subjects[0]!.at);
  const from = dayOf(new Date(subjects[0]!.at.getTime() - BASELINE_DAYS * DAY_MS));
  const pairs = [
    ...new Map(
      subjects.map((s) => [
        `${s.campaign.id}|${s.publisherId}`,
        { campaign_id: s.campaign.id, publisher_id: s.publisherId },
      ]),
    ).values(),
  ];
  const rows = await executeRows<{
    campaign_id: string;
    publisher_id: string;
    today_clicks: number;
    today_conversions: number;
    base_clicks: number;
    base_conversions: number;
  }>(
    db,
    sql`select t.campaign_id, t.publisher_id,
        coalesce(sum(t.clicks - t.bot_clicks) filter (where t.day = ${today}::date), 0)::int as today_clicks,
        coalesce(sum(t.conversions) filter (where t.day = ${today}::date), 0)::int as today_conversions,
        coalesce(sum(t.clicks - t.bot_clicks) filter (where t.day < ${today}::date), 0)::int as base_clicks,
        coalesce(sum(t.conversions) filter (where t.day < ${today}::date), 0)::int as base_conversions
      from json_to_recordset(${JSON.stringify(pairs)}::json) as k(campaign_id uuid, publisher_id uuid)
      join daily_totals t on t.campaign_id = k.campaign_id and t.publisher_id = k.publisher_id
        and t.day >= ${from}::date and t.day <= ${today}::date
      group by t.campaign_id, t.publisher_id`,
  );
  return new Map(
    rows.map((r) => [
      `${r.campaign_id}|${r.publisher_id}`,
      {
        todayClicks: Number(r.today_clicks),
        todayConversions: Number(r.today_conversions),
        baseClicks: Number(r.base_clicks),
        baseConversions: Number(r.base_conversions),
      },
    ]),
  );
}
