import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker-protocol';

// Distributes Omit over the request union, so each op keeps its own fields.
type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle passes identity parsers for the types it parses itself; only their oids cross the thread */
  parsers?: Record<number, unknown>;
}

/** A database error from the worker, with PostgreSQL's fields (code, constraint, detail …) kept. */
class WorkerDatabaseError extends Error {
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message ?? 'database error'));
    Object.assign(this, fields);
    this.name = String(fields.name ?? 'DatabaseError');
  }
}

/**
 * The worker's JavaScript heap: its young generation is capped at 4 MB (V8's default lets it grow to 48 MB).
 * What the worker allocates (query texts, COPY input, result rows) is short-lived and goes to the main
 * thread, so a small young generation collects it as well; the default one sat at ~30 MB of the idle
 * server's resident memory, unused. PGlite's WASM heap is not part of it.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** The worker entry; run through tsx's loader when the server runs from TypeScript sources. */
function startWorker(start: WorkerStart): Worker {
  const ownUrl = import.meta.url;
  if (!ownUrl.endsWith('.ts')) {
    return new Worker(new URL('./pglite-worker.js', ownUrl), {
      workerData: start,
      resourceLimits: WORKER_LIMITS,
    });
  }
  // Node 20 does not pass tsx's module hooks on to worker threads: a tiny ES module bootstrap
  // registers them there and imports the TypeScript entry.
  const entry = new URL('./pglite-worker.ts', ownUrl).href;
  const bootstrap = `import { tsImport } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
await tsImport(${JSON.stringify(entry)}, ${JSON.stringify(ownUrl)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), {
    workerData: start,
    resourceLimits: WORKER_LIMITS,
  });
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/**
 * PGlite behind a worker thread, with the part of PGlite's interface Drizzle's pglite driver uses
 * (`query`, `exec`, `transaction`). Semantics are PGlite's own, because PGlite runs in the worker: one
 * transaction at a time, other queries wait until it ends.
 */
export class PGliteWorkerClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(new WorkerDatabaseError(reply.error));
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`the database worker stopped (exit code ${code})`)));
  }

  /** Starts the worker and opens the database (in `dataDir`, or in memory; from `template` if given). */
  static create(dataDir: string | undefined, template?: string): Promise<PGliteWorkerClient> {
    const worker = startWorker({ dataDir, template });
    const client = new PGliteWorkerClient(worker);
    // the worker answers request 0 once PGlite is open
    return new Promise((resolve, reject) => {
      client.pending.set(0, { resolve: () => resolve(client), reject });
    });
  }

  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.queryIn(null, sql, params, options);
  }

  async exec(sql: string): Promise<Results[]> {
    return (await this.request({ op: 'exec', tx: null, sql })) as Results[];
  }

  /**
   * Runs `COPY … FROM '/dev/blob'` with `data` (COPY's text format) as its input. One statement: every
   * row or none is stored. The cheapest way into a table, by about a third against INSERT … SELECT.
   */
  async copyFrom(sql: string, data: string): Promise<void> {
    await this.request({ op: 'copy', sql, data });
  }

  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: PGliteWorkerTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.request({ op: 'begin' })) as number;
    const tx = new PGliteWorkerTransaction(this, txId);
    try {
      const result = await fn(tx);
      await this.request({ op: 'end', tx: txId, commit: true });
      return result;
    } catch (err) {
      // after a failed COMMIT the transaction is already gone: nothing left to roll back
      await this.request({ op: 'end', tx: txId, commit: false }).catch(() => undefined);
      throw err;
    } finally {
      tx.closed = true;
    }
  }

  async close(): Promise<void> {
    if (!this.failure) await this.request({ op: 'close' });
    this.failure ??= new Error('the database is closed');
    await this.worker.terminate();
  }

  /** @internal used by transactions */
  async queryIn<T>(tx: number | null, sql: string, params: unknown[], options: QueryOptions) {
    return (await this.request({
      op: 'query',
      tx,
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      rawTypes: Object.keys(options.parsers ?? {}).map(Number),
    })) as Results<T>;
  }

  /** @internal used by transactions */
  request(body: RequestBody): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...body, id } as WorkerRequest);
    });
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}

/** The transaction handle Drizzle runs a transaction's queries on. */
export class PGliteWorkerTransaction {
  closed = false;

  constructor(
    private readonly client: PGliteWorkerClient,
    private readonly id: number,
  ) {}

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    if (this.closed) return Promise.reject(new Error('the transaction has already ended'));
    return this.client.queryIn<T>(this.id, sql, params, options);
  }

  async exec(sql: string): Promise<Results[]> {
    if (this.closed) throw new Error('the transaction has already ended');
    return (await this.client.request({ op: 'exec', tx: this.id, sql })) as Results[];
  }
}
