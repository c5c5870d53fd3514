import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-worker-protocol';
import {
  WireDatabaseError,
  WireResults,
  answeredParse,
  extendedQuery,
  namedQuery,
  lastCommand,
  readMessages,
  simpleQuery,
  splitAnswers,
  type WireQueryOptions,
} from './pglite-wire';
import { joinBytes } from './join-bytes';
import { StatementCache } from './pglite-statements';

// Distributes Omit over the request union, so each op keeps its own fields.
type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

const BEGIN = simpleQuery('BEGIN');
const COMMIT = simpleQuery('COMMIT');
const ROLLBACK = simpleQuery('ROLLBACK');

/**
 * The worker's JavaScript heap: its young generation is capped at 4 MB (V8's default lets it grow to 48 MB).
 * What the worker allocates (query texts, COPY input, result rows) is short-lived and goes to the main
 * thread, so a small young generation collects it as well; the default one sat at ~30 MB of the idle
 * server's resident memory, unused. PGlite's WASM heap is not part of it.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/**
 * The worker entry: `bundle` when given (a build of pglite-worker.ts like scripts/build-server.mjs makes), else
 * the bundle beside this file, or the TypeScript entry through tsx's loader when the server runs from its
 * TypeScript sources.
 */
function startWorker(start: WorkerStart, bundle?: URL): Worker {
  const ownUrl = import.meta.url;
  if (bundle || !ownUrl.endsWith('.ts')) {
    return new Worker(bundle ?? new URL('./pglite-worker.js', ownUrl), {
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
  private readonly wire = new WireResults();
  /** statement texts run by name in the database session (pglite-statements.ts) */
  private readonly statements = new StatementCache();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(new WireDatabaseError(reply.error));
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`the database worker stopped (exit code ${code})`)));
  }

  /**
   * Starts the worker and opens the database (in `dataDir`, or in memory; from `template` if given), running
   * the worker from `bundle` if given.
   */
  static async create(
    dataDir: string | undefined,
    template?: string,
    bundle?: URL,
  ): Promise<PGliteWorkerClient> {
    const worker = startWorker({ dataDir, template }, bundle);
    const client = new PGliteWorkerClient(worker);
    // the worker answers request 0 once PGlite is open
    await new Promise((resolve, reject) => client.pending.set(0, { resolve, reject }));
    const arrayTypes = await client.query<[number, number]>(WireResults.ARRAY_TYPES_SQL, [], {
      rowMode: 'array',
    });
    client.wire.addArrayTypes(arrayTypes.rows);
    return client;
  }

  async query<T>(sql: string, params: unknown[] = [], options: WireQueryOptions = {}): Promise<Results<T>> {
    return this.queryIn(null, sql, params, options);
  }

  async exec(sql: string): Promise<Results[]> {
    return this.execIn(null, sql);
  }

  /**
   * Runs `COPY … FROM '/dev/blob'` with `data` (COPY's text format) as its input. One statement: every
   * row or none is stored. The cheapest way into a table, by about a third against INSERT … SELECT.
   */
  async copyFrom(sql: string, data: string): Promise<void> {
    await this.request({ op: 'copy', sql, data });
  }

  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. BEGIN goes to the
   * worker with the transaction's first statement, in one message.
   */
  async transaction<T>(fn: (tx: PGliteWorkerTransaction) => Promise<T>): Promise<T> {
    const tx = new PGliteWorkerTransaction(this);
    try {
      const result = await fn(tx);
      await tx.end(true);
      return result;
    } catch (err) {
      // after COMMIT the transaction is gone, whatever it answered: nothing left to roll back
      await tx.end(false).catch(() => undefined);
      throw err;
    }
  }

  /** A consistent copy of the data directory (gzipped tar), for `npm run backup`. */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.request({ op: 'dump' })) as Uint8Array;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.request({ op: 'close' });
    this.failure ??= new Error('the database is closed');
    await this.worker.terminate();
  }

  /** @internal used by transactions */
  async queryIn<T>(
    tx: PGliteWorkerTransaction | null,
    sql: string,
    params: unknown[],
    options: WireQueryOptions,
  ): Promise<Results<T>> {
    const plan = this.statements.plan(sql);
    const close = this.statements.takeClosing();
    const message =
      plan.name === null
        ? extendedQuery(sql, params, close)
        : namedQuery(plan.name, plan.parse ? sql : null, params, close);
    const answer = tx
      ? await tx.send(message)
      : ((await this.request({ op: 'wire', tx: null, message })) as Uint8Array);
    try {
      // the statement's result is the last (a transaction's first answer begins with BEGIN's)
      return this.wire.results(answer, options).at(-1) as Results<T>;
    } catch (err) {
      if (plan.name === null) throw err;
      if (plan.parse && !answeredParse(answer)) this.statements.forget(sql);
      else if (changedUnder(err)) {
        this.statements.forget(sql);
        // outside a transaction nothing was done: run it again, parsed anew (inside, the error aborted it)
        if (!tx) return this.queryIn(null, sql, params, options);
      }
      throw err;
    }
  }

  /** messages sent to the worker so far (tests) */
  get messagesSent(): number {
    return this.nextId - 1;
  }

  /** named statements kept in the database session (tests) */
  get preparedStatements(): number {
    return this.statements.size;
  }

  /** @internal used by transactions */
  async execIn(tx: PGliteWorkerTransaction | null, sql: string): Promise<Results[]> {
    const message = simpleQuery(sql);
    if (!tx) return this.wire.results((await this.request({ op: 'wire', tx: null, message })) as Uint8Array);
    const begins = !tx.started;
    const results = this.wire.results(await tx.send(message));
    return begins ? results.slice(1) : results;
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

/** "cached plan must not change result type": a table's columns changed under a named statement */
function changedUnder(err: unknown): boolean {
  return (err as { code?: string }).code === '0A000';
}

/**
 * How many turns of the microtask queue a gathered statement waits for others before it leaves: the work
 * that answers to one reply reaches its next statement within a few promise steps (Drizzle's and ours),
 * never through I/O, so once this many pass without a new statement, everything that could join has.
 */
const GATHER_TURNS = 32;

interface Gathered {
  message: Uint8Array;
  resolve: (answer: Uint8Array) => void;
  reject: (err: unknown) => void;
}

/** The transaction handle Drizzle runs a transaction's queries on. */
export class PGliteWorkerTransaction {
  private closed = false;
  /** the transaction's id in the worker, once its first statement went there with BEGIN */
  private id: Promise<number> | null = null;
  /** a statement was sent or is waiting to go with others: the next one does not begin the transaction */
  private sentAny = false;
  /** open `gather()` scopes: while any is open, statements wait to leave together */
  private gathering = 0;
  private gathered: Gathered[] = [];
  private leaving = false;

  constructor(private readonly client: PGliteWorkerClient) {}

  get started(): boolean {
    return this.sentAny;
  }

  query<T>(sql: string, params: unknown[] = [], options: WireQueryOptions = {}): Promise<Results<T>> {
    if (this.closed) return Promise.reject(new Error('the transaction has already ended'));
    return this.client.queryIn<T>(this, sql, params, options);
  }

  async exec(sql: string): Promise<Results[]> {
    if (this.closed) throw new Error('the transaction has already ended');
    return this.client.execIn(this, sql);
  }

  /**
   * Until the returned function is called, statements of this transaction that are ready at the same time
   * travel to the worker in one message and come back in one answer (`together` in together.ts): the
   * worker is entered once for all of them, and the main thread's work between them is not waited for.
   * Each statement still gets its own answer or error, in the order sent.
   */
  gather(): () => void {
    this.gathering++;
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.gathering--;
      if (this.gathering === 0) this.leave();
    };
  }

  /** @internal PostgreSQL's answer to `message` in this transaction (the first one begins it). */
  send(message: Uint8Array): Promise<Uint8Array> {
    this.sentAny = true;
    if (this.gathering === 0) return this.sendNow(message);
    return new Promise((resolve, reject) => {
      this.gathered.push({ message, resolve, reject });
      this.leaveWhenIdle();
    });
  }

  private async sendNow(message: Uint8Array): Promise<Uint8Array> {
    if (this.id === null) {
      const begun = this.client.request({ op: 'begin', message: joinBytes([BEGIN, message]) }) as Promise<{
        tx: number;
        answer: Uint8Array;
      }>;
      this.id = begun.then((b) => b.tx);
      return (await begun).answer;
    }
    const tx = await this.id;
    return (await this.client.request({ op: 'wire', tx, message })) as Uint8Array;
  }

  /** Sends the gathered statements once GATHER_TURNS turns of the microtask queue bring no new one. */
  private leaveWhenIdle(): void {
    if (this.leaving) return;
    this.leaving = true;
    let seen = this.gathered.length;
    let idle = 0;
    const turn = () => {
      if (this.gathered.length !== seen) {
        seen = this.gathered.length;
        idle = 0;
      }
      if (++idle < GATHER_TURNS) return queueMicrotask(turn);
      this.leaving = false;
      this.leave();
    };
    queueMicrotask(turn);
  }

  /** Sends what is gathered as one message and hands each statement its part of the answer. */
  private leave(): void {
    const group = this.gathered.splice(0);
    if (group.length === 0) return;
    const message = group.length === 1 ? group[0]!.message : joinBytes(group.map((g) => g.message));
    this.sendNow(message).then(
      (answer) => {
        let parts: Uint8Array[];
        try {
          parts = group.length === 1 ? [answer] : splitAnswers(answer, group.length);
        } catch (err) {
          for (const g of group) g.reject(err);
          return;
        }
        group.forEach((g, i) => g.resolve(parts[i]!));
      },
      (err: unknown) => {
        for (const g of group) g.reject(err);
      },
    );
  }

  /** @internal COMMIT (`commit`) or ROLLBACK; nothing to end when no statement ran. */
  async end(commit: boolean): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // a statement still waiting to go with others goes before COMMIT (nothing waits for it: it fails or not)
    this.leave();
    if (this.id === null) return;
    const tx = await this.id;
    const answer = (await this.client.request({
      op: 'end',
      tx,
      message: commit ? COMMIT : ROLLBACK,
    })) as Uint8Array;
    const messages = readMessages(answer);
    // COMMIT of a transaction a failed statement aborted (the caller went on after the error) rolls back
    if (commit && lastCommand(messages) === 'ROLLBACK') {
      throw new WireDatabaseError({
        message: 'The transaction was rolled back: a statement in it had failed',
        code: '25P02',
      });
    }
  }
}
