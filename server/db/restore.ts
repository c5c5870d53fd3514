import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ConfigError, loadConfig } from '../config';
import { runTool } from './pg-tools';

/**
 * `npm run restore -- <file>`: a backup from `npm run backup` into a new database, never over an existing
 * one. PostgreSQL (DATABASE_URL naming an empty database): pg_restore. PGlite: DATA_DIR must not exist yet
 * (or be empty). Start the server on it afterwards: it applies any migration the backup lacks.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run restore -- <file>');
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  const config = loadConfig();
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ found: boolean }>(
        "select to_regclass('public.users') is not null as found",
      );
      if (rows[0]?.found)
        throw new Error('DATABASE_URL names a database with tables: restore into a new, empty one');
    } finally {
      await client.end();
    }
    await runTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, source]);
  } else {
    if (existsSync(config.dataDir) && readdirSync(config.dataDir).length > 0) {
      throw new Error(`${config.dataDir} (DATA_DIR) is not empty: restore into a new data directory`);
    }
    const archive = await readFile(source);
    const db = await PGlite.create(config.dataDir, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([archive]),
    });
    await db.close();
  }
  console.log(`restored ${source} into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
