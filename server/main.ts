import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { serveBackups } from './db/backup-socket';
import { openDatabase } from './db/connection';
import { seedIfEmpty, type SeededAccount } from './seed/seed';
import { backfillLedger } from './modules/ledger/service';

function printAccounts(accounts: SeededAccount[], url: string, seed: 'demo' | 'none'): void {
  if (accounts.length === 0) return;
  const lines = accounts.map(
    (a) => `  ${a.role.padEnd(10)} ${a.email.padEnd(26)} ${a.password ?? '(password from ADMIN_PASSWORD)'}`,
  );
  const generated = seed === 'none' && accounts.some((a) => a.password !== null);
  const note =
    seed === 'demo'
      ? 'Demo data (SEED=demo): these passwords are public, never use this database for real.'
      : `No demo data.${generated ? ' The generated password is not stored anywhere else: note it now and change it after logging in.' : ''}`;
  console.log(
    `\nAffilio seeded these accounts (shown once) — log in at ${url}\n${lines.join('\n')}\n${note}\n`,
  );
}

/**
 * V8 lets the old generation grow up to 4× what survived the last full collection before it collects
 * again, and a busy redirect path promotes every buffered click (they wait ~250 ms for their batch):
 * under the click bench the main thread's heap reached 220 MB, most of it garbage awaiting a collection. Growing
 * by a fifth each time keeps it near 110 MB for about the same CPU (a full collection of this heap is
 * mostly concurrent marking, every few seconds under load). Process-wide; V8 reads it at each collection.
 */
setFlagsFromString('--heap-growing-percent=20');

/**
 * Seeding the demo builds its rows in this thread's heap (tens of MB), and V8 grew the heap for them; an idle
 * server may not run a full collection for a long while, so that memory would stay resident. One full
 * collection once the seed is done gives it back (the PGlite worker does the same after opening).
 */
function releaseSeedMemory(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** The argument that makes this program prepare a new embedded data directory and exit (see below). */
const PREPARE_ARG = '--prepare-data-dir';

/**
 * A new embedded data directory is created, migrated and seeded in a child process of this same program, which
 * then exits: initdb, the migrations and the demo seed grow PGlite's WASM heap (which never shrinks), the main
 * thread's heap and the allocator's arenas (the WASM compilers' memory, freed but kept by malloc) by well over
 * 100 MB, and only the end of a process gives all of it back. The server then opens the prepared directory as
 * after a restart. Answers the seeded accounts, for printing.
 */
function prepareInChildProcess(): Promise<SeededAccount[]> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, [PREPARE_ARG], { stdio: 'inherit' });
    let accounts: SeededAccount[] = [];
    child.on('message', (message) => (accounts = message as SeededAccount[]));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve(accounts)
        : reject(new Error(`preparing the data directory failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** The child's part: migrate (on open) and seed the data directory, report the accounts, close it. */
async function prepareDataDir(config: AppConfig): Promise<void> {
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const seeded = await seedIfEmpty(database.db, config);
    await backfillLedger(database.db);
    await new Promise<void>((resolve, reject) =>
      process.send!(seeded, (err) => (err ? reject(err) : resolve())),
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes(PREPARE_ARG)) {
    await prepareDataDir(config);
    process.exit(0);
  }
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
    });
  const newDataDir = !config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'));
  const prepared = newDataDir ? await prepareInChildProcess() : [];
  let database = await open();
  const seededHere = await seedIfEmpty(database.db, config);
  const seeded = [...prepared, ...seededHere];
  // an install from before the ledger: chains for the publishers who have money, before any request
  await backfillLedger(database.db);
  if (database.kind === 'pglite' && seededHere.length > 0 && config.seed === 'demo') {
    // an existing but empty data directory seeded here: the same growth as above, so the server starts on a
    // freshly opened database (about a second, first start only)
    await database.close();
    database = await open();
    releaseSeedMemory();
  }
  const app = await buildApp({ config, database });
  // `npm run backup` asks this process for a copy of the embedded database (it owns the data directory)
  const stopBackups = database.dumpDataDir
    ? await serveBackups(config.dataDir, database.dumpDataDir, app.log)
    : async () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // app.close runs onClose hooks (flushes buffered work) before the database goes away
    await stopBackups();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = config.appUrl ?? `http://localhost:${config.port}`;
  if (!config.staticDir) app.log.warn('STATIC_DIR=none: serving the API only');
  console.log(
    `Affilio is running at ${url} (API docs at ${url}/api/docs, database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  );
  printAccounts(seeded, url, config.seed);
}

main().catch((err: unknown) => {
  // a bad environment is the operator's to fix: the message names each variable, a stack would bury it
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
