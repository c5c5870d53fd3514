import { eq } from 'drizzle-orm';
import type { FraudThresholds } from '../../../contracts/fraud-schema';
import type { Db } from '../../db/connection';
import { fraudSettings, type StoredFraudReason } from '../../db/schema/fraud';
import { factsOf, readFacts, type FactsRead } from './facts';
import { RULES } from './rules/all';
import type { FraudSubject } from './rules/rule';
import { campaignThresholds, platformThresholds } from './thresholds';

/** What the rules say of one subject: the score, each rule that fired, and what becomes of its commission. */
export interface FraudVerdict {
  score: number;
  reasons: StoredFraudReason[];
  outcome: 'pass' | 'hold' | 'reject';
}

export const PASS: FraudVerdict = { score: 0, reasons: [], outcome: 'pass' };

/** The platform defaults (admin settings over the built-in ones). */
export async function loadPlatformThresholds(db: Db): Promise<FraudThresholds> {
  const [row] = await db.select().from(fraudSettings).where(eq(fraudSettings.id, 1));
  return platformThresholds(row?.thresholds ?? {});
}

/** Scores every subject of a batch, inside the caller's transaction; test events always pass. */
export async function scoreSubjects(db: Db, subjects: FraudSubject[]): Promise<FraudVerdict[]> {
  return scoreRead(await readFraudFacts(db, subjects), subjects);
}

/**
 * The rules' reads for subjects a batch may score (one statement, with the admin's thresholds), made ahead
 * of deciding which of them it stores, so that the statement can go beside the batch's others.
 */
export function readFraudFacts(db: Db, subjects: FraudSubject[]): Promise<FactsRead | null> {
  return readFacts(
    db,
    subjects.filter((s) => !s.isTest),
  );
}

/** Scores subjects from what `readFraudFacts` read for them or for more subjects than them. */
export function scoreRead(read: FactsRead | null, subjects: FraudSubject[]): FraudVerdict[] {
  const scored = subjects.filter((s) => !s.isTest);
  if (scored.length === 0) return subjects.map(() => PASS);
  const { stored, facts } = factsOf(read, scored);
  const platform = platformThresholds(stored);
  const verdicts = new Map<FraudSubject, FraudVerdict>();
  scored.forEach((subject, i) => {
    const limits = campaignThresholds(subject.campaign.fraud, platform);
    verdicts.set(subject, judge({ subject, facts: facts[i]!, limits }));
  });
  return subjects.map((s) => verdicts.get(s) ?? PASS);
}

function judge(input: Parameters<(typeof RULES)[number]['check']>[0]): FraudVerdict {
  const reasons: StoredFraudReason[] = [];
  for (const rule of RULES) {
    const found = rule.check(input);
    if (found) reasons.push({ rule: rule.rule, weight: rule.weight, ...found });
  }
  const score = reasons.reduce((sum, r) => sum + r.weight, 0);
  const { hold_score, reject_score } = input.limits;
  const outcome = score >= reject_score ? 'reject' : score >= hold_score ? 'hold' : 'pass';
  return { score, reasons, outcome };
}
