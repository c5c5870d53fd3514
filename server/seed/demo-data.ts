import { randomBytes } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { VERIFY_FILE_PATH } from '../../contracts/websites';
import { fileMissingReason } from '../modules/websites/service';
import type { Db } from '../db/connection';
import { ensureEventPartitions } from '../db/partitions';
import { DEMO_CAMPAIGNS, type DemoCampaign } from './demo-campaigns';
import { DemoNotes, type NotificationRow } from './demo-notifications';
import type { ApplicationRow, DemoUsers } from './demo-users';
import { DEMO_APPLICATIONS, DEMO_WEBSITES, type DemoWebsite } from './demo-publishers';
import { DemoRandom } from './demo-random';
import {
  DEMO_DAYS,
  generateTraffic,
  type Traffic,
  type TrafficCampaign,
  type TrafficLink,
} from './demo-traffic';
import { commissions } from '../db/schema/commissions';
import { applications, campaigns, websites } from '../db/schema/marketplace';
import { notifications } from '../db/schema/notifications';
import { clicks, conversions, trackingLinks } from '../db/schema/tracking';

/**
 * The living demo marketplace a first start builds (SEED=demo): the demo advertisers' campaigns, the
 * publishers' verified websites, applications in every state with their tracking links, 90 days of
 * clicks, conversions and commissions, and a few notifications. The same every time for the same day
 * (seeded PRNG); secrets and tokens are real random values. Runs inside the seed's transaction; the
 * daily_stats rollups follow from the triggers on the raw rows.
 */

const SEED = 0x5eed_a11f;
const DAY_MS = 24 * 60 * 60 * 1000;
/** rows per INSERT of the bulk tables: one JSON text of a few megabytes at most */
const CHUNK = 5_000;

type CampaignRow = typeof campaigns.$inferInsert & { id: string; createdAt: Date };
type WebsiteRow = typeof websites.$inferInsert & { id: string };

interface Built {
  campaigns: CampaignRow[];
  websites: WebsiteRow[];
  applications: ApplicationRow[];
  links: (typeof trackingLinks.$inferInsert)[];
  traffic: Traffic;
  notifications: NotificationRow[];
}

/** Builds the demo rows for `now` and writes them in bulk; answers how many rows each table got. */
export async function seedDemoData(
  db: Db,
  users: DemoUsers,
  now = new Date(),
): Promise<Record<string, number>> {
  const built = buildDemo(users, now);
  await db.insert(campaigns).values(built.campaigns);
  await db.insert(websites).values(built.websites);
  await db.insert(applications).values(built.applications);
  await db.insert(trackingLinks).values(built.links);
  // the history's months get their partitions (a fresh database has this month's and the next ones'): else
  // its rows would wait in the default partition; 90 days touch at most four months
  await ensureEventPartitions(db, new Date(now.getTime() - DEMO_DAYS * 86_400_000), 4);
  // clicks before conversions before commissions: each refers to the one before (and the rollup
  // triggers read them)
  await insertBulk(db, clicks, built.traffic.clicks);
  await insertBulk(db, conversions, built.traffic.conversions);
  await insertBulk(db, commissions, built.traffic.commissions);
  await db.insert(notifications).values(built.notifications);
  return {
    campaigns: built.campaigns.length,
    websites: built.websites.length,
    applications: built.applications.length,
    tracking_links: built.links.length,
    clicks: built.traffic.clicks.length,
    conversions: built.traffic.conversions.length,
    commissions: built.traffic.commissions.length,
    notifications: built.notifications.length,
  };
}

/**
 * Many rows per statement as one JSON parameter (json_populate_recordset): on PGlite, binding tens of
 * thousands of parameters took nearly twice the CPU of parsing one text. Every row must carry each
 * column that any row has (a missing one is NULL, not the column default).
 */
async function insertBulk<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(columns).filter((k) => rows.some((r) => k in r));
  const list = sql.raw(keys.map((k) => `"${columns[k]!.name}"`).join(', '));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const payload = JSON.stringify(
      rows
        .slice(i, i + CHUNK)
        .map((r) =>
          Object.fromEntries(keys.map((k) => [columns[k]!.name, (r as Record<string, unknown>)[k] ?? null])),
        ),
    );
    await db.execute(
      sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${payload}::json)`,
    );
  }
}

function buildDemo(users: DemoUsers, now: Date): Built {
  const rng = new DemoRandom(SEED);
  const nowMs = now.getTime();
  const today = nowMs - (nowMs % DAY_MS);
  /** midnight UTC `n` days ago (negative: ahead) */
  const midnight = (n: number) => new Date(today - n * DAY_MS);
  /** some time during office hours `n` days ago, never later than a minute ago */
  const daysAgo = (n: number) =>
    new Date(Math.min(nowMs - 60_000, today - n * DAY_MS + rng.int(8 * 60, 18 * 60) * 60_000));

  const campaignRows = new Map<string, { row: CampaignRow; spec: DemoCampaign; stopsAt: Date | null }>();
  for (const spec of DEMO_CAMPAIGNS) {
    const createdAt = daysAgo(spec.createdDaysAgo);
    const endsAt = spec.endsDaysAgo === undefined ? null : midnight(spec.endsDaysAgo);
    const pausedAt = spec.pausedDaysAgo === undefined ? null : daysAgo(spec.pausedDaysAgo);
    const row: CampaignRow = {
      id: rng.uuid(),
      advertiserId: users.advertisers[spec.advertiser].id,
      name: spec.name,
      description: spec.description,
      category: spec.category,
      status: spec.status,
      landingUrl: spec.landingUrl,
      currency: spec.currency,
      commissionModel: spec.commissionModel,
      payoutMinor: spec.payoutMinor ?? null,
      revshareBps: spec.revshareBps ?? null,
      tiers: spec.tiers ?? [],
      publisherOverrides: (spec.overrides ?? []).map(({ publisher, ...rate }) => ({
        publisher_id: users.publishers[publisher].id,
        ...rate,
      })),
      budgetMinor: spec.budgetMinor ?? null,
      dailyCapMinor: spec.dailyCapMinor ?? null,
      approvalMode: spec.approvalMode,
      allowedCountries: spec.allowedCountries ?? [],
      startsAt: spec.startsDaysAgo === undefined ? null : midnight(spec.startsDaysAgo),
      endsAt,
      terms: spec.terms,
      trackingSecret: randomBytes(24).toString('base64url'),
      pixelEnabled: spec.pixelMaxOrderMinor !== undefined,
      maxOrderMinor: spec.pixelMaxOrderMinor ?? null,
      createdAt,
      updatedAt: pausedAt ?? endsAt ?? createdAt,
    };
    campaignRows.set(spec.key, { row, spec, stopsAt: pausedAt ?? endsAt });
  }

  const siteRows = new Map<string, { row: WebsiteRow; spec: DemoWebsite }>();
  for (const spec of DEMO_WEBSITES) {
    const verified = spec.verification === 'verified';
    const createdAt = daysAgo(verified ? rng.int(125, 160) : 3);
    const row: WebsiteRow = {
      id: rng.uuid(),
      publisherId: users.publishers[spec.publisher].id,
      url: spec.url,
      name: spec.name,
      category: spec.category,
      monthlyVisitors: spec.monthlyVisitors,
      description: spec.description,
      verificationStatus: verified ? 'verified' : 'failed',
      verificationMethod: 'file',
      verificationToken: randomBytes(16).toString('hex'),
      verificationError: verified ? null : fileMissingReason(`${spec.url}${VERIFY_FILE_PATH}`, 404),
      verifiedAt: verified ? new Date(createdAt.getTime() + rng.int(5, 90) * 60_000) : null,
      createdAt,
      updatedAt: createdAt,
    };
    siteRows.set(spec.key, { row, spec });
  }

  const built: Built = {
    campaigns: [...campaignRows.values()].map((c) => c.row),
    websites: [...siteRows.values()].map((s) => s.row),
    applications: [],
    links: [],
    traffic: { clicks: [], conversions: [], commissions: [] },
    notifications: [],
  };
  const trafficCampaigns = new Map<string, TrafficCampaign>();
  const trafficLinks: TrafficLink[] = [];
  const languages = new Map(
    [...Object.values(users.advertisers), ...Object.values(users.publishers)].map((u) => [u.id, u.language]),
  );
  const notes = new DemoNotes(built.notifications, nowMs, languages);

  for (const spec of DEMO_APPLICATIONS) {
    const campaign = campaignRows.get(spec.campaign);
    const site = siteRows.get(spec.website);
    if (!campaign || !site) throw new Error(`demo application refers to ${spec.campaign} / ${spec.website}`);
    const auto = campaign.spec.approvalMode === 'auto';
    const appliedAt = daysAgo(spec.appliedDaysAgo);
    const everApproved = spec.status === 'approved' || spec.status === 'suspended';
    if (everApproved && !auto && spec.decidedDaysAgo === undefined) {
      throw new Error(`demo application to ${spec.campaign} needs decidedDaysAgo`);
    }
    const approvedAt = !everApproved ? null : auto ? appliedAt : daysAgo(spec.decidedDaysAgo!);
    const suspendedAt = spec.suspendedDaysAgo === undefined ? null : daysAgo(spec.suspendedDaysAgo);
    const decidedAt =
      spec.status === 'rejected'
        ? daysAgo(spec.decidedDaysAgo ?? spec.appliedDaysAgo)
        : (suspendedAt ?? approvedAt);
    const advertiserId = campaign.row.advertiserId;
    const publisher = users.publishers[site.spec.publisher];
    const application: ApplicationRow = {
      id: rng.uuid(),
      campaignId: campaign.row.id,
      publisherId: publisher.id,
      websiteId: site.row.id,
      status: spec.status,
      message: spec.message,
      reason: spec.reason ?? null,
      // automatic approval has no decider; a withdrawal is the publisher's own step, not a decision
      decidedBy: decidedAt && !(auto && spec.status === 'approved') ? advertiserId : null,
      decidedAt,
      createdAt: appliedAt,
      updatedAt:
        decidedAt ?? (spec.status === 'withdrawn' ? new Date(appliedAt.getTime() + 2 * DAY_MS) : appliedAt),
    };
    built.applications.push(application);
    notes.application(application, {
      campaignName: campaign.row.name,
      websiteUrl: site.row.url,
      publisher,
      advertiserId,
      auto,
    });
    if (!approvedAt) continue;

    const link = {
      id: rng.uuid(),
      // the shape of the codes approval creates (applications/service.ts): 10 URL-safe characters
      code: rng.token(8).slice(0, 10),
      applicationId: application.id,
      campaignId: campaign.row.id,
      publisherId: publisher.id,
      websiteId: site.row.id,
      active: spec.status === 'approved',
      createdAt: approvedAt,
    };
    built.links.push(link);
    const stops = [nowMs, campaign.stopsAt?.getTime(), suspendedAt?.getTime()].filter(
      (t): t is number => t !== undefined,
    );
    trafficLinks.push({
      id: link.id,
      campaign: trafficCampaign(trafficCampaigns, campaign.row, campaign.spec),
      publisherId: publisher.id,
      websiteId: site.row.id,
      site: site.spec,
      from: approvedAt,
      until: new Date(Math.min(...stops)),
      clicksPerDay: spec.clicksPerDay ?? 0,
    });
  }

  built.traffic = generateTraffic(rng, trafficLinks, now);
  notes.latestConversions(built.traffic, new Map(built.campaigns.map((c) => [c.id, c.name])));
  return built;
}

function trafficCampaign(
  cache: Map<string, TrafficCampaign>,
  row: CampaignRow,
  spec: DemoCampaign,
): TrafficCampaign {
  const known = cache.get(row.id);
  if (known) return known;
  const made: TrafficCampaign = {
    id: row.id,
    advertiserId: row.advertiserId,
    currency: spec.currency,
    pricing: {
      commissionModel: spec.commissionModel,
      payoutMinor: row.payoutMinor ?? null,
      revshareBps: row.revshareBps ?? null,
      tiers: row.tiers ?? [],
      publisherOverrides: row.publisherOverrides ?? [],
    },
    dailyCapMinor: row.dailyCapMinor ?? null,
    conversionRate: spec.conversionRate,
    orderRange: spec.orderRange,
    orderPrefix: spec.orderPrefix,
    pixelMaxOrderMinor: spec.pixelMaxOrderMinor ?? null,
  };
  cache.set(row.id, made);
  return made;
}
