// Runs PGlite in a worker thread (started by pglite-worker-client.ts). PGlite is PostgreSQL compiled
// to WASM and executes synchronously: on the main thread every query would stop HTTP requests for its
// whole duration. Here it only costs this thread, and the main thread keeps answering.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker-protocol';

const port = parentPort!;
/** nice value of this thread: ten steps below the main thread's 0 is about a tenth of its CPU share */
const WORKER_NICE = 10;
const { dataDir } = workerData as WorkerStart;

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

lowerOwnPriority();
// pg_trgm: the search indexes (migration 0011) need it loaded whenever their tables are written
const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });

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
