import { LRUCache } from 'lru-cache';

// Named prepared statements for the PGlite worker's queries. The embedded database is one PostgreSQL session
// for the whole process, so a statement it has parsed once can be run again by name: PostgreSQL then skips
// the parse and analysis, and after a few runs the planning too (its plan cache). On the conversions path
// (a dozen statements per batch, some of them large) that was a tenth of the worker's time per conversion,
// and most of the fraud rules' one statement (docs/benchmarks.md, "Prepared statements on PGlite").
// PostgreSQL's own clients (node-postgres) send unnamed statements: this is for the embedded database only.

/** how the next run of a statement text goes to PostgreSQL */
export type StatementPlan =
  /** unnamed, parsed with this run (a text seen for the first time: one-off statements stay unnamed) */
  | { name: null; parse: true }
  /** named, parsed with this run, then kept */
  | { name: string; parse: true }
  /** named and parsed before: bound and run by name */
  | { name: string; parse: false };

/**
 * named statements kept by default: the conversion and click paths use a few dozen; each kept statement holds
 * its parse tree and cached plan in the database's WASM memory (the idle-memory budget, bench:memory)
 */
export const MAX_NAMED_STATEMENTS = 100;

export interface StatementCacheOptions {
  /** most named statements kept in the database session (the least recently used is closed) */
  max?: number;
  /** most texts remembered as seen once */
  seen?: number;
}

/**
 * Which statement texts run by name. A text is named on its second run (so statements run once stay
 * unnamed) and kept up to `max`; the least recently used is closed with the next query (`takeClosing`).
 * Names are never reused: a Close that PostgreSQL skipped (after an error in the same message) leaves an
 * orphan, never a clash.
 */
export class StatementCache {
  private readonly named: LRUCache<string, string>;
  private readonly seen: LRUCache<string, true>;
  private closing: string[] = [];
  private counter = 0;

  constructor(options: StatementCacheOptions = {}) {
    this.named = new LRUCache<string, string>({
      max: options.max ?? MAX_NAMED_STATEMENTS,
      dispose: (name) => this.closing.push(name),
    });
    this.seen = new LRUCache<string, true>({ max: options.seen ?? 2_000 });
  }

  plan(text: string): StatementPlan {
    const name = this.named.get(text);
    if (name !== undefined) return { name, parse: false };
    if (!this.seen.has(text)) {
      this.seen.set(text, true);
      return { name: null, parse: true };
    }
    this.seen.delete(text);
    const fresh = `affilio_${++this.counter}`;
    this.named.set(text, fresh);
    return { name: fresh, parse: true };
  }

  /**
   * Forgets a text's statement: its Parse failed (PostgreSQL kept nothing) or the statement can no longer run
   * (a table's columns changed under it). It is closed with the next query, which is harmless if it never existed.
   */
  forget(text: string): void {
    this.named.delete(text);
  }

  /** the names to close before the next statement (each handed out once) */
  takeClosing(): string[] {
    if (this.closing.length === 0) return [];
    const names = this.closing;
    this.closing = [];
    return names;
  }

  /** named statements kept */
  get size(): number {
    return this.named.size;
  }
}
