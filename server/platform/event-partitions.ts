import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/connection';
import { dropClickMonthsBefore, ensureEventPartitions } from '../db/partitions';
import { appSecrets } from '../db/schema/platform';
import { startIntervalJob } from './interval-job';
import { getSettings } from './settings';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The job's claim, the way the monthly invoice job claims its month: the last UTC day some process took
 * on, a row of app_secrets set by compare-and-set, so one process of several does a day's upkeep.
 * Answers the day it replaced ('' on a first run), or null when the day was taken already.
 */
const JOB_KEY = 'job:events.partitions';

async function claimDay(db: Db, day: string): Promise<string | null> {
  await db.insert(appSecrets).values({ key: JOB_KEY, value: '' }).onConflictDoNothing();
  const claimed = await db
    .update(appSecrets)
    .set({ value: day })
    .where(and(eq(appSecrets.key, JOB_KEY), lt(appSecrets.value, day)))
    .returning({ key: appSecrets.key });
  return claimed.length === 1 ? day : null;
}

async function releaseDay(db: Db, day: string): Promise<void> {
  await db
    .update(appSecrets)
    .set({ value: '' })
    .where(and(eq(appSecrets.key, JOB_KEY), eq(appSecrets.value, day)));
}

export interface PartitionUpkeep {
  /** partitions made (`clicks_y2027m02`, …) */
  made: string[];
  /** months of clicks dropped (YYYY-MM-01) */
  dropped: string[];
}

/**
 * Makes this and the next months' partitions of clicks and conversions, then drops the months of clicks
 * that ended more than the admin's click retention (days) before `now`. Runs at most once per UTC day
 * across processes unless `force` (tests, an admin's tool).
 */
export async function maintainEventPartitions(
  db: Db,
  { now = new Date(), force = false }: { now?: Date; force?: boolean } = {},
): Promise<PartitionUpkeep | null> {
  const day = now.toISOString().slice(0, 10);
  if (!force && (await claimDay(db, day)) === null) return null;
  try {
    const made = await ensureEventPartitions(db, now);
    const { clickRetentionDays } = await getSettings(db);
    const dropped = await dropClickMonthsBefore(db, new Date(now.getTime() - clickRetentionDays * DAY_MS));
    return { made, dropped };
  } catch (err) {
    if (!force) await releaseDay(db, day).catch(() => undefined);
    throw err;
  }
}

/**
 * Partition upkeep inside the server: the months ahead are made at start (the migration made them too,
 * but a server may start after months off), then the job checks every `partitionJobIntervalMs` (0 = off).
 */
export async function startEventPartitionJob(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await ensureEventPartitions(ctx.db);
  startIntervalJob(app, {
    name: 'event partition upkeep',
    intervalMs: ctx.config.partitionJobIntervalMs,
    firstDelayMs: 60_000,
    async run() {
      const upkeep = await maintainEventPartitions(ctx.db);
      if (upkeep && (upkeep.made.length > 0 || upkeep.dropped.length > 0)) {
        app.log.info(upkeep, 'event partitions made and old clicks dropped');
      }
    },
  });
}
