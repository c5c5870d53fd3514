// Runs PGlite in a worker thread (started by pglite-worker-client.ts). PGlite is PostgreSQL compiled
// to WASM and executes synchronously: on the main thread every query would stop HTTP requests for its
// whole duration. Here it only costs this thread, and the main thread keeps answering.
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker-protocol';

const port = parentPort!;
/** nice value of this thread: ten steps below the main thread's 0 is about a tenth of its CPU share */
const WORKER_NICE = 10;
const { dataDir, template } = workerData as WorkerStart;

/** Thrown inside a transaction callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  /** ends the transaction callback: true commits, false rolls back */
  end: (commit: boolean) => void;
  /** settles once PGlite has committed or rolled back */
  done: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
const identity = (value: string) => value;

function queryOptions(rowMode: 'array' | 'object', rawTypes: number[]): QueryOptions {
  return { rowMode, parsers: Object.fromEntries(rawTypes.map((oid) => [oid, identity])) };
}

/** The fields of a PostgreSQL error that callers look at (code, constraint, detail …), as plain data. */
function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { message: err.message, name: err.name };
  for (const key of [
    'code',
    'severity',
    'detail',
    'hint',
    'position',
    'schema',
    'table',
    'column',
    'dataType',
    'constraint',
    'where',
  ]) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** What crosses back to the main thread of a result (PGlite's object also holds non-cloneable parts). */
const plain = (r: Results<unknown>) => ({ rows: r.rows, affectedRows: r.affectedRows, fields: r.fields });

function client(txId: number | null) {
  if (txId === null) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error('the transaction has already ended');
  return open.tx;
}

function begin(id: number): Promise<void> {
  return new Promise<void>((started, failed) => {
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const done = db
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, done });
        started();
        if (!(await ended)) throw ROLLBACK;
      })
      .then(
        () => undefined,
        (err: unknown) => {
          if (err !== ROLLBACK) throw err;
        },
      )
      .finally(() => transactions.delete(id));
    // a failure before the callback ran (BEGIN itself) is the caller's error
    done.catch(failed);
  });
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const result = await client(request.tx).query(
        request.sql,
        request.params,
        queryOptions(request.rowMode, request.rawTypes),
      );
      return plain(result);
    }
    case 'exec':
      return (await client(request.tx).exec(request.sql)).map(plain);
    case 'copy': {
      const result = await db.query(request.sql, [], { blob: new Blob([request.data]) });
      return { affectedRows: result.affectedRows };
    }
    case 'begin':
      await begin(request.id);
      return request.id;
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('the transaction has already ended');
      open.end(request.commit);
      await open.done;
      return null;
    }
    case 'close':
      await db.close();
      return null;
  }
}

/**
 * Linux: this thread yields the CPU to the HTTP thread when both want it. A redirect is answered on the
 * main thread while its click waits in memory; the database catches up in the gaps (on two cores the
 * load of a busy server otherwise preempts the main thread for milliseconds at a time).
 */
function lowerOwnPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid)) setPriority(tid, WORKER_NICE);
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}

/**
 * PostgreSQL's memory settings for one embedded process. PGlite's WASM heap only ever grows, and its
 * defaults are a server's: shared_buffers alone is 128 MB of it (the idle process was 460 MB, 115 MB of
 * which went with shared_buffers=16MB). The data files stay in the OS page cache either way (PGlite
 * reads them through the file system), so a smaller buffer pool costs a system call, not a disk read.
 * maintenance_work_mem bounds what an index build in a migration (or a restore) leaves the heap at.
 */
const MEMORY_SETTINGS = [
  'shared_buffers=16MB',
  'maintenance_work_mem=16MB',
  'work_mem=4MB',
  'temp_buffers=4MB',
];

/**
 * PGlite's WASM is compiled by Liftoff, V8's baseline compiler, only. By default V8 also recompiles the
 * hot functions with TurboFan in background threads, and those compilations' memory stays with the
 * process (glibc keeps the freed arenas): a fresh server sat at ~430 MB instead of ~320 MB. V8 flags
 * are per process; this one only concerns WebAssembly, which is PGlite's alone here.
 */
function baselineWasmOnly(): void {
  if (process.env.PGLITE_WASM_TIER_UP !== 'true') setFlagsFromString('--liftoff-only');
}

/**
 * A new data directory is made by initdb, a WASM module of its own that PGlite drops after use, but its
 * memory (hundreds of MB) only goes back once this thread's garbage collector runs, which an idle
 * thread may not do for a long while. A full collection right after opening returns it.
 */
function releaseStartupMemory(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

lowerOwnPriority();
baselineWasmOnly();
// pg_trgm: the search indexes (migration 0011) need it loaded whenever their tables are written
const db = await PGlite.create(dataDir, {
  extensions: { pg_trgm },
  loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
  startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])],
});

releaseStartupMemory();

port.on('message', (request: WorkerRequest) => {
  // requests are handled concurrently: PGlite's own locks order them as they would on the main thread
  // (a transaction holds the database until it ends; other queries wait for it)
  handle(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies WorkerReply),
    (err: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: serializeError(err) } satisfies WorkerReply),
  );
});
port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies WorkerReply);
