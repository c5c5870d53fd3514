/** Messages between the main thread (pglite-worker-client.ts) and the PGlite worker (pglite-worker.ts). */

export interface WorkerStart {
  /** PGlite data directory; undefined keeps the database in memory */
  dataDir: string | undefined;
  /** A tar of a data directory (PGlite's `dumpDataDir`) to start from instead of an empty one */
  template?: string;
}

/**
 * `message` is PostgreSQL wire protocol (pglite-wire.ts builds it), and so is the reply to each op that
 * sends one: the bytes PostgreSQL wrote, errors included, for the main thread to read.
 */
export type WorkerRequest =
  | {
      id: number;
      op: 'wire';
      /** the open transaction to run in, or null for the database itself (after any open transaction) */
      tx: number | null;
      message: Uint8Array;
    }
  /** `COPY … FROM '/dev/blob'` with `data` as the input: one statement, so all rows or none */
  | { id: number; op: 'copy'; sql: string; data: string }
  /**
   * starts a transaction with `message` (BEGIN and the transaction's first statement); its id is the
   * request id; replies { tx, answer }. It stays open until its 'end', even when PostgreSQL answered an error.
   */
  | { id: number; op: 'begin'; message: Uint8Array }
  /** ends the transaction with `message` (COMMIT or ROLLBACK) */
  | { id: number; op: 'end'; tx: number; message: Uint8Array }
  /** a gzipped tar of the data directory (PGlite's `dumpDataDir`), taken between transactions */
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

export type WorkerReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };
