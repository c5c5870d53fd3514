import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../server/db/connection';
import {
  analyzeGrownTables,
  EMBEDDED_STATISTICS_TARGET,
  tablesToAnalyze,
} from '../../server/platform/table-statistics';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const fill = (from: number, to: number) =>
  t.database.db.execute(
    sql`insert into stats_probe select g, md5(g::text) from generate_series(${from}::int, ${to}::int) g`,
  );

/** the plan's first line for a lookup of 20 ids */
async function lookupPlan(): Promise<string> {
  const rows = await executeRows<{ 'QUERY PLAN': string }>(
    t.database.db,
    sql`explain select * from stats_probe where id in (${sql.join(
      Array.from({ length: 20 }, (_, i) => sql`${String(i * 97)}`),
      sql`, `,
    )})`,
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('table statistics (the planner learns what the tables hold, PGlite included)', () => {
  it('analyzes a table once it has grown, then not again until it grows by a tenth', async () => {
    // a plain table without a unique key on the looked-up column, as clicks.id is since partitioning
    await t.database.db.execute(sql`create table stats_probe (id text not null, v text)`);
    await t.database.db.execute(sql`create index stats_probe_id on stats_probe (id)`);
    expect(await tablesToAnalyze(t.database.db)).not.toContain('stats_probe');

    await fill(1, 20_000);
    expect(await tablesToAnalyze(t.database.db)).toContain('stats_probe');
    expect(await analyzeGrownTables(t.database.db)).toContain('stats_probe');
    // with statistics each id names one row, and the index answers
    expect(await lookupPlan()).toMatch(/Index|Bitmap/);
    expect(await tablesToAnalyze(t.database.db)).not.toContain('stats_probe');

    await fill(20_001, 20_500);
    expect(await tablesToAnalyze(t.database.db)).not.toContain('stats_probe');
    await fill(20_501, 23_000);
    expect(await tablesToAnalyze(t.database.db)).toContain('stats_probe');
  });

  it("samples with the given statistics target (PGlite's smaller one), else PostgreSQL's default", async () => {
    /** the histogram's bounds of stats_probe.id: one more than the statistics target it was analyzed with */
    const bounds = async () => {
      const [row] = await executeRows<{ n: number }>(
        t.database.db,
        sql`select array_length(histogram_bounds::text::text[], 1) as n from pg_stats
             where tablename = 'stats_probe' and attname = 'id'`,
      );
      return Number(row?.n);
    };
    await fill(23_001, 30_000);
    expect(await analyzeGrownTables(t.database.db, EMBEDDED_STATISTICS_TARGET)).toContain('stats_probe');
    expect(await bounds()).toBe(EMBEDDED_STATISTICS_TARGET + 1);
    // each table in a transaction of its own: the target was only that transaction's
    await fill(30_001, 40_000);
    expect(await analyzeGrownTables(t.database.db)).toContain('stats_probe');
    expect(await bounds()).toBe(101);
  });
});
