import { loadConfig } from '../config';
import { openDatabase } from './connection';
import { rebuildLinkDailyStats } from './link-rollups';
import { rebuildDailyStats } from './rollups';

/**
 * `npm run rollups:rebuild -- [from] [to]` (YYYY-MM-DD, UTC; default the last 400 days up to today):
 * recomputes daily_stats and link_daily_stats from the raw tables, on the database the server uses
 * (DATA_DIR / DATABASE_URL).
 * Stop the server first when it runs on PGlite: the data directory has one user at a time.
 */
async function main(): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const [from = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10), to = today] =
    process.argv.slice(2);
  for (const value of [from, to]) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
      throw new Error(`dates are YYYY-MM-DD, got "${value}"`);
    }
  }
  if (from > to) throw new Error(`from (${from}) is after to (${to})`);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  try {
    const rows = await rebuildDailyStats(database.db, from, to);
    console.log(`daily_stats rebuilt for ${from} … ${to}: ${rows} rows`);
    const linkRows = await rebuildLinkDailyStats(database.db, from, to);
    console.log(`link_daily_stats rebuilt for ${from} … ${to}: ${linkRows} rows`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
