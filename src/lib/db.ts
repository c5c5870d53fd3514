import Dexie, { type EntityTable, type Table } from 'dexie';

export interface KeyValueRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

/** Exchange rates as the server last gave them, kept per source currency and day for offline use. */
export interface RatesRow {
  source: string;
  /** YYYY-MM-DD: the day of the rates (the server's as_of, else the day they were fetched) */
  day: string;
  /** units of each currency per one unit of `source` */
  rates: Record<string, number>;
  /** the server's as_of (null when it answered with built-in rates) */
  asOf: string | null;
  fetchedAt: number;
}

/** A user's recent searches, newest first (features/search/recent-searches.ts keeps the rules). */
export interface RecentSearchesRow {
  userId: string;
  queries: string[];
  updatedAt: number;
}

/** Client-side IndexedDB. Each release that changes tables adds a `version()` block; old ones stay. */
export class AffilioDatabase extends Dexie {
  declare kv: EntityTable<KeyValueRow, 'key'>;
  declare rates: Table<RatesRow, [source: string, day: string]>;
  declare recentSearches: EntityTable<RecentSearchesRow, 'userId'>;

  constructor(name = 'affilio') {
    super(name);
    this.version(1).stores({ kv: 'key' });
    // v2: exchange rates keyed by [source+day], so the latest day of a source is one range read.
    this.version(2).stores({ kv: 'key', rates: '[source+day]' });
    // v3: recent searches, one row per user (offline, survives reloads).
    this.version(3).stores({ kv: 'key', rates: '[source+day]', recentSearches: 'userId' });
  }
}

export const db = new AffilioDatabase();

export async function getKeyValue<T>(key: string): Promise<T | undefined> {
  const row = await db.kv.get(key);
  return row?.value as T | undefined;
}

export async function setKeyValue(key: string, value: unknown): Promise<void> {
  await db.kv.put({ key, value, updatedAt: Date.now() });
}
