import type { Db } from '../../db/connection';
import { together } from '../../db/together';
import { BALANCE_EFFECT, entryHash, type LedgerKind } from './chain';
import * as q from './queries';

/** One change to a publisher's money, as the module that made it says it. */
export interface LedgerChange {
  publisherId: string;
  kind: LedgerKind;
  /** the commission's or the payout's id */
  refId: string;
  amountMinor: number;
  currency: string;
  /** when it happened; defaults to the append's time (the backfill gives the rows' own times) */
  at?: Date;
}

/**
 * Appends the changes, in the given order, to their publishers' chains inside the caller's transaction:
 * locks each publisher's head (so no two transactions fork a chain), hashes the entries and writes them
 * with one statement, and moves the heads with one more beside it. A batch of conversions costs three or four
 * statements, however many publishers and entries it holds.
 */
export async function appendLedger(tx: Db, changes: LedgerChange[]): Promise<void> {
  if (changes.length === 0) return;
  const heads = await q.lockHeads(
    tx,
    changes.map((c) => c.publisherId),
  );
  await appendLocked(tx, heads, changes);
}

/** The append after the heads are locked (the backfill locks them first to see whether a chain exists). */
export async function appendLocked(
  tx: Db,
  heads: Map<string, q.LedgerHeadRow>,
  changes: LedgerChange[],
): Promise<void> {
  const entries = chainEntries(heads, changes, new Date());
  const moved = [...new Set(changes.map((c) => c.publisherId))].map((id) => heads.get(id)!);
  // the entries and the heads' new positions are written side by side (one round trip on PGlite)
  await together(
    tx,
    () => q.insertEntries(tx, entries),
    () => q.saveHeads(tx, moved),
  );
}

/** The entries of the changes, each chained to the head before it; moves the heads past them. */
function chainEntries(
  heads: Map<string, q.LedgerHeadRow>,
  changes: LedgerChange[],
  now: Date,
): q.LedgerEntryRow[] {
  return changes.map((change) => {
    const head = heads.get(change.publisherId);
    if (!head) throw new Error(`ledger head of ${change.publisherId} is not locked`);
    const balance =
      BigInt(head.balances[change.currency] ?? '0') +
      BigInt(BALANCE_EFFECT[change.kind]) * BigInt(change.amountMinor);
    // timestamps are hashed at millisecond precision, the precision they are stored and answered with
    const at = change.at ?? now;
    const entry: q.LedgerEntryRow = {
      publisherId: change.publisherId,
      seq: head.seq + 1,
      at,
      kind: change.kind,
      refId: change.refId,
      amountMinor: change.amountMinor,
      currency: change.currency,
      balanceMinor: balance,
      prevHash: head.hash,
      hash: entryHash(head.hash, {
        seq: head.seq + 1,
        at: at.toISOString(),
        kind: change.kind,
        ref_id: change.refId,
        amount_minor: change.amountMinor,
        currency: change.currency,
        balance_minor: balance.toString(),
      }),
    };
    head.seq = entry.seq;
    head.hash = entry.hash;
    head.balances = { ...head.balances, [change.currency]: balance.toString() };
    return entry;
  });
}

/** A commission as the ledger needs it (any commission row has these). */
export interface CommissionMoney {
  id: string;
  publisherId: string;
  amountMinor: number;
  currency: string;
  isTest: boolean;
  status: string;
  kind: string;
}

/** The changes of commissions moving to `kind`; test commissions are no one's money and stay out. */
export function commissionChanges(kind: LedgerKind, rows: CommissionMoney[], at?: Date): LedgerChange[] {
  return rows
    .filter((r) => !r.isTest)
    .map((r) => ({
      publisherId: r.publisherId,
      kind,
      refId: r.id,
      amountMinor: r.amountMinor,
      currency: r.currency,
      at,
    }));
}

/**
 * The changes of newly stored commissions: a clawback is one `commission.clawback` (born approved); any
 * other is `commission.created`, followed by its decision when it was born decided (a daily cap's rejection).
 */
export function createdChanges(rows: CommissionMoney[], at?: Date): LedgerChange[] {
  return rows.flatMap((r) => {
    if (r.kind === 'clawback') return commissionChanges('commission.clawback', [r], at);
    const created = commissionChanges('commission.created', [r], at);
    const decided =
      r.status === 'approved' || r.status === 'rejected'
        ? commissionChanges(`commission.${r.status}`, [r], at)
        : [];
    return [...created, ...decided];
  });
}
