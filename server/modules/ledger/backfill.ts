import { and, eq, exists, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { payouts } from '../../db/schema/billing';
import { commissions } from '../../db/schema/commissions';
import { ledgerHeads } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { appendLocked, createdChanges, commissionChanges, type LedgerChange } from './append';
import * as q from './queries';

/**
 * Gives every publisher who has money but no chain yet (an install from before the ledger, or the demo
 * seed, which writes its history as plain rows) a chain rebuilt from their commissions and payouts, so that
 * its balances end where `GET /api/commissions/balance` stands. Each publisher in their own transaction,
 * under their head's lock: a publisher whose chain exists by then (another instance's backfill, a live
 * append) is left alone. Run before the server takes requests (main.ts) and at the end of the demo seed.
 * Answers how many publishers got a chain.
 */
export async function backfillLedger(db: Db): Promise<number> {
  const publishers = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'publisher'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(ledgerHeads)
            .where(eq(ledgerHeads.publisherId, users.id)),
        ),
        or(
          exists(
            db
              .select({ one: sql`1` })
              .from(commissions)
              .where(and(eq(commissions.publisherId, users.id), eq(commissions.isTest, false))),
          ),
          exists(
            db
              .select({ one: sql`1` })
              .from(payouts)
              .where(eq(payouts.publisherId, users.id)),
          ),
        ),
      ),
    );
  let done = 0;
  for (const { id } of publishers) {
    const rebuilt = await db.transaction(async (tx) => {
      const heads = await q.lockHeads(tx, [id]);
      if ((heads.get(id)?.seq ?? 0) > 0) return false;
      await appendLocked(tx, heads, await history(tx, id));
      return true;
    });
    if (rebuilt) done++;
  }
  return done;
}

/** order of changes at the same instant: a commission is created, then decided, before a payout takes it */
const RANK: Record<LedgerChange['kind'], number> = {
  'commission.created': 0,
  'commission.approved': 1,
  'commission.rejected': 1,
  'commission.clawback': 1,
  'commission.reversed': 2,
  'payout.requested': 3,
  'payout.paid': 4,
  'payout.failed': 4,
};

/**
 * A publisher's money history as far as the rows tell it: each commission's creation and, by its status,
 * its decision at decided_at (a reversed one was approved before; its approval time is not kept, so it is
 * put at the reversal); each payout's request, payment or failure at their times. Sorted by time.
 */
async function history(tx: Db, publisherId: string): Promise<LedgerChange[]> {
  const [rows, payoutRows] = await Promise.all([
    tx
      .select()
      .from(commissions)
      .where(and(eq(commissions.publisherId, publisherId), eq(commissions.isTest, false))),
    tx.select().from(payouts).where(eq(payouts.publisherId, publisherId)),
  ]);
  const changes: LedgerChange[] = [];
  for (const c of rows) {
    const decidedAt = c.decidedAt ?? c.createdAt;
    if (c.kind === 'clawback') {
      changes.push(...createdChanges([c], c.createdAt));
      continue;
    }
    changes.push(...commissionChanges('commission.created', [c], c.createdAt));
    if (c.status === 'rejected') changes.push(...commissionChanges('commission.rejected', [c], decidedAt));
    if (c.status === 'approved' || c.status === 'paid' || c.status === 'reversed')
      changes.push(...commissionChanges('commission.approved', [c], decidedAt));
    if (c.status === 'reversed') changes.push(...commissionChanges('commission.reversed', [c], decidedAt));
  }
  for (const p of payoutRows) {
    const money = { publisherId, refId: p.id, amountMinor: p.amountMinor, currency: p.currency };
    changes.push({ ...money, kind: 'payout.requested', at: p.createdAt });
    if (p.status === 'paid') changes.push({ ...money, kind: 'payout.paid', at: p.paidAt ?? p.createdAt });
    if (p.status === 'failed')
      changes.push({ ...money, kind: 'payout.failed', at: p.failedAt ?? p.createdAt });
  }
  return changes.sort(
    (a, b) =>
      a.at!.getTime() - b.at!.getTime() ||
      RANK[a.kind] - RANK[b.kind] ||
      (a.refId < b.refId ? -1 : a.refId > b.refId ? 1 : 0),
  );
}
