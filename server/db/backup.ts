import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ConfigError, loadConfig } from '../config';
import { requestBackup } from './backup-socket';
import { runTool } from './pg-tools';

/**
 * `npm run backup -- <file>`: a consistent copy of the database the server uses, while it runs.
 * PostgreSQL (DATABASE_URL): pg_dump's custom format (one snapshot). PGlite: the running server's copy of
 * its data directory (a gzipped tar, taken between transactions), or the directory itself when no server
 * runs on it.
 */
async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run backup -- <file>');
  const target = path.resolve(file);
  if (existsSync(target)) throw new Error(`${target} exists: give a new file name`);
  const config = loadConfig();
  if (config.databaseUrl) {
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${target}`,
      `--dbname=${config.databaseUrl}`,
    ]);
  } else {
    let archive: Uint8Array | null = await requestBackup(config.dataDir);
    if (!archive) {
      if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
        throw new Error(`no database in ${config.dataDir} (DATA_DIR)`);
      }
      // no server on it: this process may open the directory itself
      const db = await PGlite.create(config.dataDir, { extensions: { pg_trgm } });
      try {
        archive = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
      } finally {
        await db.close();
      }
    }
    await writeFile(target, archive, { flag: 'wx', mode: 0o600 });
  }
  console.log(`backup written to ${target}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
});
