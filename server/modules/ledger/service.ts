import type { Db } from '../../db/connection';
import type { UserRow } from '../../platform/current-user';
import { findUserById } from '../../platform/current-user';
import { notFound } from '../../platform/http-error';
import { toMinorSum } from '../../platform/minor-sum';
import { appendLedger, commissionChanges, createdChanges, type CommissionMoney } from './append';
import { GENESIS_HASH, type LedgerKind } from './chain';
import { ledgerOwnerFor } from './policy';
import * as q from './queries';
import type { LedgerEntryResponse, LedgerOwnerQuery, LedgerQuery } from './schema';

export function toLedgerEntry(row: q.LedgerEntryRow): LedgerEntryResponse {
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    kind: row.kind as LedgerKind,
    ref_id: row.refId,
    amount_minor: row.amountMinor,
    currency: row.currency,
    balance_minor: toMinorSum(row.balanceMinor),
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}

/** The ledger's owner for this request; an admin naming someone who is not a publisher gets 404. */
async function owner(db: Db, user: UserRow, requested: string | undefined): Promise<string> {
  const id = ledgerOwnerFor(user, requested);
  if (user.role === 'admin') {
    const found = await findUserById(db, id);
    if (found?.user.role !== 'publisher') throw notFound('Publisher not found');
  }
  return id;
}

/** Newest first, paginated. */
export async function listLedger(db: Db, user: UserRow, query: LedgerQuery) {
  const publisherId = await owner(db, user, query.publisher_id);
  const { items, total } = await q.listEntries(db, publisherId, query);
  return { items: items.map(toLedgerEntry), total };
}

export async function ledgerHead(db: Db, user: UserRow, query: LedgerOwnerQuery) {
  const last = await q.lastEntry(db, await owner(db, user, query.publisher_id));
  return last ? { seq: last.seq, hash: last.hash } : { seq: 0, hash: GENESIS_HASH };
}

const EXPORT_PAGE = 2000;

/**
 * The whole chain, oldest first, one JSON object per line (JSON Lines), read a page at a time so a long
 * ledger is never held in memory at once. Authorization is checked before the first line.
 */
export async function exportLedger(db: Db, user: UserRow, query: LedgerOwnerQuery) {
  const publisherId = await owner(db, user, query.publisher_id);
  return (async function* lines() {
    for (let after = 0; ;) {
      const rows = await q.entriesAfter(db, publisherId, after, EXPORT_PAGE);
      if (rows.length === 0) return;
      yield rows.map((r) => `${JSON.stringify(toLedgerEntry(r))}\n`).join('');
      after = rows[rows.length - 1]!.seq;
    }
  })();
}

/** The head right after a payout's latest change (its statement prints it); null before the ledger existed. */
export async function headAfter(db: Db, refId: string): Promise<{ seq: number; hash: string } | null> {
  const row = await q.lastEntryAbout(db, refId);
  return row ? { seq: row.seq, hash: row.hash } : null;
}

// The hooks of the modules that change a publisher's money: one call per state change, inside the
// transaction of the change.

/** Newly stored commissions (conversions, clicks, clawbacks). */
export function recordCommissionsCreated(tx: Db, rows: CommissionMoney[]): Promise<void> {
  return appendLedger(tx, createdChanges(rows));
}

/** Commissions that moved to approved, rejected or reversed. */
export function recordCommissionChanges(
  tx: Db,
  kind: 'commission.approved' | 'commission.rejected' | 'commission.reversed',
  rows: CommissionMoney[],
): Promise<void> {
  return appendLedger(tx, commissionChanges(kind, rows));
}

/** A payout requested, paid or failed. */
export function recordPayoutChange(
  tx: Db,
  kind: 'payout.requested' | 'payout.paid' | 'payout.failed',
  payout: { id: string; publisherId: string; amountMinor: number; currency: string },
): Promise<void> {
  return appendLedger(tx, [
    {
      publisherId: payout.publisherId,
      kind,
      refId: payout.id,
      amountMinor: payout.amountMinor,
      currency: payout.currency,
    },
  ]);
}

export { backfillLedger } from './backfill';
export { GENESIS_HASH } from './chain';
export type { LedgerEntry } from './chain';
