import { createRequire } from 'node:module';
import { parse as pglite, types, type Results } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';
import type { BackendMessage, DatabaseError } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { joinBytes } from './join-bytes';

// The PostgreSQL wire protocol of the PGlite worker's queries, on the main thread. A query crosses to the
// worker as the protocol bytes PostgreSQL reads (Parse, Bind, Describe, Execute, Sync in one buffer) and
// comes back as the bytes it wrote, which are parsed here: the worker, which runs every query of the
// server one after the other, only enters PostgreSQL once per query. (PGlite's own `query` entered it six
// times, once per message plus a Describe of the statement for its parameter types, and parsed every
// answer into JavaScript values on the worker before structured-cloning them across.)

export type RowMode = 'array' | 'object';

export interface WireQueryOptions {
  rowMode?: RowMode;
  /** parsers by type oid over the defaults (Drizzle keeps the text of the types it parses itself) */
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

/**
 * Parameters are sent as node-postgres sends them (its `prepareValue`: text, PostgreSQL infers each type
 * from the statement; Buffers binary), so a statement means the same on PGlite as on PostgreSQL. Loaded
 * with `require`: @types/pg does not declare pg/lib/utils.
 */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  /** null for null/undefined, the Buffer for binary data, otherwise PostgreSQL's text for the value */
  prepareValue(value: unknown): string | Buffer | null;
};

/** One statement with parameters: the extended protocol's messages, up to the Sync that ends them. */
export function extendedQuery(text: string, params: unknown[], close: string[] = []): Uint8Array {
  return joinBytes([
    ...close.map((closed) => serialize.close({ type: 'S', name: closed })),
    serialize.parse({ text }),
    serialize.bind({ values: params, valueMapper: (value: unknown) => prepareValue(value) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

/**
 * One statement with parameters, run by name: parsed under that name first when `text` is given, and the
 * statements of `close` closed before it (PostgreSQL's answer to each is a CloseComplete).
 */
export function namedQuery(
  name: string,
  text: string | null,
  params: unknown[],
  close: string[] = [],
): Uint8Array {
  return joinBytes([
    ...close.map((closed) => serialize.close({ type: 'S', name: closed })),
    ...(text === null ? [] : [serialize.parse({ name, text })]),
    serialize.bind({ statement: name, values: params, valueMapper: (value: unknown) => prepareValue(value) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

/** Whether PostgreSQL's answer holds a ParseComplete: the statement was parsed, whatever came after. */
export function answeredParse(bytes: Uint8Array): boolean {
  let parsed = false;
  new Parser().parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), (message) => {
    if (message.name === 'parseComplete') parsed = true;
  });
  return parsed;
}

/**
 * PostgreSQL's answer to several queries sent in one message, one part per query: each query ends with
 * Sync (or is a simple Query), and PostgreSQL ends its answer to each with ReadyForQuery. With `count`
 * queries and one more part (the BEGIN a transaction's first message starts with), that part joins the
 * first query's, as when the two went alone.
 */
export function splitAnswers(bytes: Uint8Array, count: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let start = 0;
  for (let at = 0; at + 5 <= bytes.length; ) {
    const type = bytes[at];
    at += 1 + view.getInt32(at + 1);
    // 'Z': ReadyForQuery
    if (type === 0x5a) {
      parts.push(bytes.subarray(start, at));
      start = at;
    }
  }
  if (start < bytes.length) parts.push(bytes.subarray(start));
  if (parts.length === count + 1) parts.splice(0, 2, joinBytes([parts[0]!, parts[1]!]));
  if (parts.length !== count)
    throw new Error(`the database answered ${parts.length} of ${count} queries sent together`);
  return parts;
}

/** Any number of statements without parameters (the simple protocol). */
export function simpleQuery(text: string): Uint8Array {
  return joinBytes([serialize.query(text)]);
}

/** The error PostgreSQL answered with, with its fields (code, constraint, detail …) kept. */
export class WireDatabaseError extends Error {
  code?: string;
  constraint?: string;

  constructor(fields: Record<string, unknown>) {
    super(String(fields.message ?? 'database error'));
    Object.assign(this, fields);
    this.name = 'DatabaseError';
  }
}

const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

function toError(error: DatabaseError): WireDatabaseError {
  const fields: Record<string, unknown> = { message: error.message };
  for (const key of ERROR_FIELDS) if (error[key] !== undefined) fields[key] = error[key];
  return new WireDatabaseError(fields);
}

/** The messages PostgreSQL wrote; throws the first error among them. */
export function readMessages(bytes: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
  let error: DatabaseError | null = null;
  new Parser().parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), (message) => {
    if (message.name === 'error') error ??= message as DatabaseError;
    else messages.push(message);
  });
  if (error) throw toError(error);
  return messages;
}

/** The command tag of the last statement answered ("COMMIT", "ROLLBACK", "INSERT 0 3" …). */
export function lastCommand(messages: BackendMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.name === 'commandComplete') return (message as unknown as { text: string }).text;
  }
  return null;
}

/**
 * Values are parsed as PGlite parses them (its default parsers, and its array types, which `addArrayTypes`
 * is given once, read from the database); `options.parsers` override them by oid.
 */
export class WireResults {
  private parsers: Record<number | string, (value: string, typeId?: number) => unknown> = {
    ...types.parsers,
  };

  /** Adds a parser for each array type (rows of [element oid, array oid], as PGlite reads them). */
  addArrayTypes(rows: [number, number][]): void {
    for (const [oid, typarray] of rows) {
      this.parsers[typarray] = (value: string) =>
        types.arrayParser(value, this.parsers[oid] as types.Parser, typarray);
    }
  }

  /** Each statement's rows, fields and affected rows. */
  results(bytes: Uint8Array, options: WireQueryOptions = {}): Results[] {
    return pglite.parseResults(readMessages(bytes) as never, this.parsers as never, {
      rowMode: options.rowMode ?? 'object',
      parsers: options.parsers as never,
    });
  }

  /** The SQL that lists the array types for `addArrayTypes` (the same query PGlite runs). */
  static readonly ARRAY_TYPES_SQL = `SELECT b.oid, b.typarray
    FROM pg_catalog.pg_type a
    LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A'
    GROUP BY b.oid, b.typarray
    ORDER BY b.oid`;
}
