import { sql } from 'drizzle-orm';
import { SYSTEM_REASONS } from '../../../contracts/commissions';
import type { Db } from '../../db/connection';
import type { CommissionRow } from '../../db/rows';
import { commissions } from '../../db/schema/commissions';
import { conversionAddresses } from '../../db/schema/fraud';
import { jsonRows } from '../../db/json-rows';
import { scoreSubjects, type FraudVerdict } from './score';
import { subjectAddress, subjectNetworkKey, type FraudSubject } from './rules/rule';

// The rules' part in recording conversions and CPC clicks: called inside the transaction that writes them.

/** what a publisher reads on a commission the rules rejected: it names no rule, so it teaches nothing */
export const FRAUD_REJECT_REASON = SYSTEM_REASONS.fraud;

/** The commission columns a verdict sets: held stays pending on review; rejected gets the generic reason. */
export function fraudCommissionColumns(
  verdict: FraudVerdict,
  status: CommissionRow['status'],
): Pick<CommissionRow, 'status' | 'onReview' | 'fraudScore' | 'fraudReasons'> & { reason?: string } {
  const base = { fraudScore: verdict.score, fraudReasons: verdict.reasons };
  // a commission already refused (daily cap, budget) stays as it is, with its score for the record
  if (status !== 'pending' || verdict.outcome === 'pass') return { ...base, status, onReview: false };
  if (verdict.outcome === 'reject') {
    return { ...base, status: 'rejected', onReview: false, reason: FRAUD_REJECT_REASON };
  }
  return { ...base, status: 'pending', onReview: true };
}

/** Remembers where each stored conversion came from: what the per-address and per-network counts read. */
export async function recordConversionAddresses(
  tx: Db,
  rows: { conversionId: string; subject: FraudSubject }[],
): Promise<void> {
  const values = rows
    .filter((r) => !r.subject.isTest)
    .map(({ conversionId, subject: s }) => ({
      conversionId,
      ipHash: subjectAddress(s),
      netHash: subjectNetworkKey(s),
      createdAt: s.at,
    }));
  if (values.length === 0) return;
  await tx.insert(conversionAddresses).select(jsonRows(conversionAddresses, values));
}

/**
 * Scores the commissions of paid CPC clicks just written (same transaction) and applies the verdicts: one
 * UPDATE for those the rules hold or reject.
 */
export async function reviewClickCommissions(
  tx: Db,
  paid: { commission: CommissionRow; subject: FraudSubject }[],
): Promise<void> {
  if (paid.length === 0) return;
  const verdicts = await scoreSubjects(
    tx,
    paid.map((p) => p.subject),
  );
  const changes = paid.flatMap((p, i) => {
    const verdict = verdicts[i]!;
    if (verdict.score === 0) return [];
    const columns = fraudCommissionColumns(verdict, p.commission.status);
    return [
      {
        id: p.commission.id,
        status: columns.status,
        on_review: columns.onReview,
        fraud_score: columns.fraudScore,
        fraud_reasons: columns.fraudReasons,
        reason: columns.reason ?? p.commission.reason,
      },
    ];
  });
  if (changes.length === 0) return;
  await tx.execute(sql`
    update ${commissions} c set status = v.status, on_review = v.on_review, fraud_score = v.fraud_score,
      fraud_reasons = v.fraud_reasons, reason = v.reason, updated_at = now()
    from json_to_recordset(${JSON.stringify(changes)}::json)
      as v(id uuid, status text, on_review boolean, fraud_score int, fraud_reasons jsonb, reason text)
    where c.id = v.id`);
}
