// Runs PGlite in a worker thread (started by pglite-worker-client.ts). PGlite is PostgreSQL compiled
// to WASM and executes synchronously: on the main thread every query would stop HTTP requests for its
// whole duration. Here it only costs this thread, and the main thread keeps answering.
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { joinBytes } from './join-bytes';
import { DurableNodeFS } from './pglite-durable-fs';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker-protocol';

const port = parentPort!;
/** nice value of this thread: ten steps below the main thread's 0 is about a tenth of its CPU share */
const WORKER_NICE = 10;
const { dataDir, template } = workerData as WorkerStart;

/** The fields of an error that callers look at (code, constraint, detail …), as plain data. */
function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { message: err.message };
  for (const key of [
    'code',
    'severity',
    'detail',
    'hint',
    'schema',
    'table',
    'column',
    'constraint',
    'where',
  ]) {
    const value = (err as unknown as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * The database's lock, first come first served: an open transaction holds it from BEGIN to its end, any
 * other statement for as long as it runs (PGlite runs one transaction at a time; a statement outside it
 * waits until it ends).
 */
let lockTail: Promise<void> = Promise.resolve();
function acquire(): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const turn = lockTail.then(() => release);
  lockTail = lockTail.then(() => held);
  return turn;
}

/** open transactions by id: what releases the lock when they end */
const transactions = new Map<number, () => void>();

/**
 * The protocol bytes PostgreSQL wrote for `message`: one entry into PostgreSQL for all its messages, and
 * its answer kept as it is (PGlite's `execProtocolRaw` also parses it, for its own error handling).
 */
async function run(message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(message, {
    syncToFs: false,
    // a view into PostgreSQL's memory, valid during the call only
    onRawData: (bytes) => {
      chunks.push(bytes.slice());
    },
  });
  return chunks.length === 1 ? chunks[0]! : joinBytes(chunks);
}

async function exclusive<T>(fn: () => T | Promise<T>): Promise<T> {
  const release = await acquire();
  try {
    return await fn();
  } finally {
    release();
  }
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'wire': {
      if (request.tx === null) return exclusive(() => run(request.message));
      if (!transactions.has(request.tx)) throw new Error('the transaction has already ended');
      return run(request.message);
    }
    case 'copy':
      return exclusive(async () => {
        const result = await db.query(request.sql, [], { blob: new Blob([request.data]) });
        return { affectedRows: result.affectedRows };
      });
    case 'begin': {
      const release = await acquire();
      try {
        const answer = await run(request.message);
        // open until its 'end', whatever PostgreSQL answered (the client ends it with ROLLBACK on an error)
        transactions.set(request.id, release);
        return { tx: request.id, answer };
      } catch (err) {
        release();
        throw err;
      }
    }
    case 'end': {
      const release = transactions.get(request.tx);
      if (!release) throw new Error('the transaction has already ended');
      transactions.delete(request.tx);
      try {
        return await run(request.message);
      } finally {
        release();
      }
    }
    case 'dump':
      // behind the lock: no transaction is open while the files are read, so the copy is consistent
      return exclusive(async () => {
        const archive = await db.dumpDataDir('gzip');
        return new Uint8Array(await archive.arrayBuffer());
      });
    case 'close':
      // not behind the lock: a transaction the main thread never ended must not keep the database open
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

/**
 * PGlite's default start parameters include `-F` (fsync off): a commit then reaches the disk whenever the
 * OS writes its page cache back, and a power cut or an OS crash can lose acknowledged commits or damage
 * the data directory. With a data directory the worker drops `-F` and syncs each commit's WAL with
 * fsync() (PGlite's fdatasync() does nothing; DurableNodeFS makes fsync() real). PGLITE_FSYNC=false
 * keeps PGlite's default, for throwaway directories only. An in-memory database has nothing to sync.
 */
function startParams(durable: boolean): string[] {
  const params = durable
    ? [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync']
    : PGlite.defaultStartParams;
  return [...params, ...MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])];
}

lowerOwnPriority();
baselineWasmOnly();
const durable = dataDir !== undefined && process.env.PGLITE_FSYNC?.trim() !== 'false';
// pg_trgm: the search indexes (migration 0011) need it loaded whenever their tables are written
const db = await PGlite.create({
  dataDir,
  fs: durable ? new DurableNodeFS(dataDir) : undefined,
  extensions: { pg_trgm },
  loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
  startParams: startParams(durable),
});

releaseStartupMemory();

port.on('message', (request: WorkerRequest) => {
  // requests are handled as they come: the lock orders them (a transaction holds the database until it
  // ends; other statements wait for it), and a transaction's own statements run in the order sent
  handle(request).then(
    (result) =>
      port.postMessage(
        { id: request.id, ok: true, result } satisfies WorkerReply,
        // PostgreSQL's answer is a buffer of its own: handed over, not copied
        result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : [],
      ),
    (err: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: serializeError(err) } satisfies WorkerReply),
  );
});
port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies WorkerReply);
