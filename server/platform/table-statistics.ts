import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../db/connection';
import type { AppContext } from '../context';
import { startIntervalJob } from './interval-job';

/**
 * The planner's statistics, kept as autovacuum keeps them. Embedded PGlite runs no autovacuum, so without this
 * its tables are never analyzed: the planner then assumes that an id matches ~0.5% of a table's rows (no
 * statistics say the ids are unique; clicks and conversions are keyed (id, created_at) since they are
 * partitioned), and looks up a batch's clicks and conversions with sequential scans whose cost grows with the
 * table (the conversions bench fell from ~450 to ~170 conversions/s on PGlite). PostgreSQL's autovacuum
 * analyzes a table after 50 + 10 % of its rows changed, but only once a minute at best; a server that has just
 * loaded thousands of rows is left with the same plans until then. The triggers' plans (the rollups) are
 * cached per connection and made again after an ANALYZE of their tables.
 */

/** a table is analyzed again once it has grown by this share of its size at the last analyze */
const GROWTH = 0.1;
/** …and by at least this many 8 kB pages (small tables are cheap to scan either way) */
const MIN_GROWTH_PAGES = 8;

/**
 * The ordinary tables and partitions of the public schema that grew past the threshold since their last
 * ANALYZE (or were never analyzed and are no longer tiny), by name. `relpages` is what the last ANALYZE or
 * VACUUM saw; the relation's current size is exact.
 */
export async function tablesToAnalyze(db: Db): Promise<string[]> {
  const rows = await executeRows<{ name: string }>(
    db,
    sql`select c.relname as name
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r'
           and pg_relation_size(c.oid) / 8192 > greatest(c.relpages * ${sql.raw(String(1 + GROWTH))}, c.relpages + ${sql.raw(String(MIN_GROWTH_PAGES))})
         order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * the statistics target of the embedded database's ANALYZE (PostgreSQL's default is 100: a sample of 30,000
 * rows per table). PGlite runs one statement at a time, so an ANALYZE holds every request for as long as it
 * reads its sample: 400 ms for a 200,000-row table at 100, 120 ms at 30 (measured here). 30 samples 9,000
 * rows, plenty for what the planner asks of these tables (how many rows an id or a day matches).
 */
export const EMBEDDED_STATISTICS_TARGET = 30;

/**
 * Analyzes the tables that grew, one transaction each, so that on PGlite the requests waiting meanwhile run
 * between two tables rather than after all of them; `statisticsTarget` sets the sample (PostgreSQL's own
 * default when not given). Answers their names.
 */
export async function analyzeGrownTables(db: Db, statisticsTarget?: number): Promise<string[]> {
  const names = await tablesToAnalyze(db);
  for (const name of names) {
    await db.transaction(async (tx) => {
      if (statisticsTarget !== undefined) {
        await tx.execute(sql`set local default_statistics_target = ${sql.raw(String(statisticsTarget))}`);
      }
      await tx.execute(sql`analyze ${sql.identifier(name)}`);
    });
  }
  return names;
}

/** Checks every `analyzeIntervalMs` (0 = off) and analyzes the tables that grew (a smaller sample on PGlite). */
export function startTableStatistics(
  app: FastifyInstance,
  ctx: AppContext,
  backend: 'pglite' | 'postgres',
): void {
  startIntervalJob(app, {
    name: 'table statistics',
    intervalMs: ctx.config.analyzeIntervalMs,
    firstDelayMs: ctx.config.analyzeIntervalMs,
    async run() {
      const analyzed = await analyzeGrownTables(
        ctx.db,
        backend === 'pglite' ? EMBEDDED_STATISTICS_TARGET : undefined,
      );
      if (analyzed.length > 0) app.log.debug({ analyzed }, 'tables analyzed');
    },
  });
}
