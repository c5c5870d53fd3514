import Dexie, { type EntityTable } from 'dexie';

export interface KeyValueRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

/** Client-side IndexedDB. Later releases add offline tables in new `version()` blocks. */
export class AffilioDatabase extends Dexie {
  declare kv: EntityTable<KeyValueRow, 'key'>;

  constructor(name = 'affilio') {
    super(name);
    this.version(1).stores({ kv: 'key' });
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
