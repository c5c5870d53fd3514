/** Messages between the main thread (pglite-worker-client.ts) and the PGlite worker (pglite-worker.ts). */

export interface WorkerStart {
  /** PGlite data directory; undefined keeps the database in memory */
  dataDir: string | undefined;
  /** A tar of a data directory (PGlite's `dumpDataDir`) to start from instead of an empty one */
  template?: string;
}

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      /** the open transaction to run in, or null for the database itself */
      tx: number | null;
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** type oids whose values stay the text PostgreSQL sent (Drizzle parses timestamps itself) */
      rawTypes: number[];
    }
  | { id: number; op: 'exec'; tx: number | null; sql: string }
  /** `COPY … FROM '/dev/blob'` with `data` as the input: one statement, so all rows or none */
  | { id: number; op: 'copy'; sql: string; data: string }
  /** starts a transaction; its id is the request id */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type WorkerReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };
