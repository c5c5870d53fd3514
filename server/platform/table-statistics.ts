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

/** Analyzes the tables that grew (one statement); answers their names. */
export async function analyzeGrownTables(db: Db): Promise<string[]> {
  const names = await tablesToAnalyze(db);
  if (names.length > 0) {
    await db.execute(
      sql`ANALYZE ${sql.join(
        names.map((name) => sql.identifier(name)),
        sql`, `,
      )}`,
    );
  }
  return names;
}

/** Checks every `analyzeIntervalMs` (0 = off) and analyzes the tables that grew. */
export function startTableStatistics(app: FastifyInstance, ctx: AppContext): void {
  startIntervalJob(app, {
    name: 'table statistics',
    intervalMs: ctx.config.analyzeIntervalMs,
    firstDelayMs: ctx.config.analyzeIntervalMs,
    async run() {
      const analyzed = await analyzeGrownTables(ctx.db);
      if (analyzed.length > 0) app.log.debug({ analyzed }, 'tables analyzed');
    },
  });
}
