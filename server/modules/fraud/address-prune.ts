import type { FastifyInstance } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { executeRows, type Db } from '../../db/connection';
import { conversionAddresses } from '../../db/schema/fraud';
import { startIntervalJob } from '../../platform/interval-job';

/** rows are read for a day (the per-address and per-network counts); kept a day more for a late conversion */
const KEEP_MS = 2 * 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes where conversions came from once no count reads them; answers how many went. */
export async function pruneConversionAddresses(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_MS);
  // counted in the database: the first prune of a database that never pruned may delete millions of rows
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`with gone as (delete from ${conversionAddresses} where ${lt(conversionAddresses.createdAt, cutoff)}
      returning 1) select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Prunes every hour inside the server, whether the rules are on or not: rows written while they were on are
 * old news once FRAUD_RULES is turned off.
 */
export function startConversionAddressPrune(app: FastifyInstance, ctx: AppContext): void {
  startIntervalJob(app, {
    name: 'conversion address pruning',
    intervalMs: PRUNE_INTERVAL_MS,
    firstDelayMs: 60_000,
    async run() {
      const n = await pruneConversionAddresses(ctx.db);
      if (n > 0) app.log.info({ pruned: n }, 'conversion addresses older than two days pruned');
    },
  });
}
