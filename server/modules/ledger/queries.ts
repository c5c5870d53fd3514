import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { jsonRows } from '../../db/json-rows';
import { ledgerEntries, ledgerHeads } from '../../db/schema/ledger';
import { GENESIS_HASH } from './chain';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type LedgerHeadRow = typeof ledgerHeads.$inferSelect;

/**
 * The publishers' heads, locked FOR UPDATE until the transaction ends (in publisher order, so that two
 * appends for the same publishers wait rather than deadlock); a publisher's first append creates its head.
 */
export async function lockHeads(tx: Db, publisherIds: string[]): Promise<Map<string, LedgerHeadRow>> {
  const ids = [...new Set(publisherIds)].sort();
  const lock = () =>
    tx
      .select()
      .from(ledgerHeads)
      .where(inArray(ledgerHeads.publisherId, ids))
      .orderBy(ledgerHeads.publisherId)
      .for('update');
  let heads = await lock();
  if (heads.length < ids.length) {
    const have = new Set(heads.map((h) => h.publisherId));
    // a concurrent first append inserts the same head: this waits for it, then takes the row it made
    await tx
      .insert(ledgerHeads)
      .values(ids.filter((id) => !have.has(id)).map((publisherId) => ({ publisherId, hash: GENESIS_HASH })))
      .onConflictDoNothing();
    heads = await lock();
  }
  return new Map(heads.map((h) => [h.publisherId, h]));
}

/** One statement for every entry of a batch. */
export async function insertEntries(tx: Db, rows: LedgerEntryRow[]): Promise<void> {
  if (rows.length === 0) return;
  // JSON has no bigint: the balance goes as its digits, which PostgreSQL reads into the bigint column
  const json = rows.map((r) => ({ ...r, balanceMinor: r.balanceMinor.toString() as unknown as bigint }));
  await tx.insert(ledgerEntries).select(jsonRows(ledgerEntries, json));
}

/** Moves the heads (locked by `lockHeads`) to their last entries, one statement for all. */
export async function saveHeads(tx: Db, heads: LedgerHeadRow[]): Promise<void> {
  if (heads.length === 0) return;
  const records = heads.map((h) => ({
    publisher_id: h.publisherId,
    seq: h.seq,
    hash: h.hash,
    balances: h.balances,
  }));
  await tx.execute(sql`
    update ledger_heads h set seq = v.seq, hash = v.hash, balances = v.balances
    from json_to_recordset(${JSON.stringify(records)}::json)
      as v(publisher_id uuid, seq bigint, hash text, balances jsonb)
    where h.publisher_id = v.publisher_id`);
}

export async function listEntries(
  db: Db,
  publisherId: string,
  page: { limit: number; offset: number },
): Promise<{ items: LedgerEntryRow[]; total: number }> {
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.publisherId, publisherId))
      .orderBy(desc(ledgerEntries.seq))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.publisherId, publisherId)),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** The entries after `afterSeq`, oldest first, at most `limit` (the export reads the chain in pages). */
export async function entriesAfter(db: Db, publisherId: string, afterSeq: number, limit: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.publisherId, publisherId), gt(ledgerEntries.seq, afterSeq)))
    .orderBy(asc(ledgerEntries.seq))
    .limit(limit);
}

/** The newest entry: the chain's head as the entries themselves say it. */
export async function lastEntry(db: Db, publisherId: string): Promise<LedgerEntryRow | null> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.publisherId, publisherId))
    .orderBy(desc(ledgerEntries.seq))
    .limit(1);
  return row ?? null;
}

/** The newest entry about a commission or payout (a payout statement prints it). */
export async function lastEntryAbout(db: Db, refId: string): Promise<LedgerEntryRow | null> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.refId, refId))
    .orderBy(desc(ledgerEntries.seq))
    .limit(1);
  return row ?? null;
}
