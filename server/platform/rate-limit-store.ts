import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../db/connection';

/** What @fastify/rate-limit expects of a store: `incr` counts one hit, `read` looks without counting. */
interface StoreResult {
  current: number;
  /** ms left in the key's window */
  ttl: number;
}
type Callback = (err: Error | null, result?: StoreResult) => void;

interface CounterRow {
  hits: number;
  ttl: number | string;
}

const toResult = (row: CounterRow | undefined): StoreResult =>
  row ? { current: row.hits, ttl: Math.max(0, Math.ceil(Number(row.ttl))) } : { current: 0, ttl: 0 };

/**
 * A fixed window per key, as @fastify/rate-limit's own in-memory store counts, kept in PostgreSQL so that
 * every instance on one database counts into the same window. One statement per hit (an upsert that starts
 * a new window once the old one is over), no session state: it runs through PgBouncer in transaction mode.
 * The database's clock decides when windows end, so instances with skewed clocks still agree.
 */
export class PgRateLimitCounters {
  constructor(private readonly db: Db) {}

  async incr(key: string, windowMs: number): Promise<StoreResult> {
    const [row] = await executeRows<CounterRow>(
      this.db,
      sql`insert into rate_limit_counters as c (key, hits, resets_at)
          values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
          on conflict (key) do update set
            hits = case when c.resets_at <= now() then 1 else c.hits + 1 end,
            resets_at = case when c.resets_at <= now() then excluded.resets_at else c.resets_at end
          returning hits, extract(epoch from resets_at - now()) * 1000 as ttl`,
    );
    return toResult(row);
  }

  async read(key: string): Promise<StoreResult> {
    const [row] = await executeRows<CounterRow>(
      this.db,
      sql`select hits, extract(epoch from resets_at - now()) * 1000 as ttl
          from rate_limit_counters where key = ${key} and resets_at > now()`,
    );
    return toResult(row);
  }

  /** Drops the windows that are over (they would restart at 1 anyway); answers how many. */
  async prune(): Promise<number> {
    const rows = await executeRows<{ key: string }>(
      this.db,
      sql`delete from rate_limit_counters where resets_at <= now() returning key`,
    );
    return rows.length;
  }
}

/**
 * The `store` option of @fastify/rate-limit over `counters`: the plugin constructs it (`new Store(params)`)
 * and calls `child` once per limit; keys already name their limit (`login|…`, `register|…`), so children
 * share the table.
 */
export function rateLimitStoreOver(counters: PgRateLimitCounters) {
  return class PgRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.incr(key, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    read(key: string, callback: Callback): void {
      counters.read(key).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
    }

    child(): PgRateLimitStore {
      return new PgRateLimitStore();
    }
  };
}
