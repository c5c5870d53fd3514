import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { exchangeRateHistory, exchangeRateStatus } from '../../db/schema/currency';
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '../../platform/currency-codes';

export type RateStatusRow = typeof exchangeRateStatus.$inferSelect;
export type RateHistoryRow = Pick<typeof exchangeRateHistory.$inferSelect, 'day' | 'currency' | 'perUsd'>;

export async function getRateStatus(db: Db): Promise<RateStatusRow | null> {
  const [row] = await db.select().from(exchangeRateStatus).where(eq(exchangeRateStatus.id, 1));
  return row ?? null;
}

const s = exchangeRateStatus;
const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/**
 * Claims the next fetch for this process, or answers false when another one may not start yet: one UPDATE
 * on the single status row, so of processes racing for it exactly one wins (PostgreSQL re-checks the
 * condition on the row the winner wrote). Not while an attempt younger than `leaseMs` is unfinished (a
 * crashed process's claim expires), and, for scheduled runs, not within `minGapMs` of the last claim.
 */
export async function claimRateFetch(
  db: Db,
  { provider, leaseMs, minGapMs }: { provider: string | null; leaseMs: number; minGapMs: number },
): Promise<boolean> {
  await db.insert(exchangeRateStatus).values({ id: 1 }).onConflictDoNothing();
  const inProgress = sql`(${s.attemptStartedAt} is not null
    and (${s.attemptFinishedAt} is null or ${s.attemptStartedAt} > ${s.attemptFinishedAt})
    and ${s.attemptStartedAt} > now() - ${millis(leaseMs)})`;
  const due =
    minGapMs > 0
      ? sql`(${s.attemptStartedAt} is null or ${s.attemptStartedAt} <= now() - ${millis(minGapMs)})`
      : sql`true`;
  const claimed = await db
    .update(exchangeRateStatus)
    .set({ attemptStartedAt: sql`now()`, provider })
    .where(and(eq(s.id, 1), sql`not ${inProgress}`, due))
    .returning({ id: s.id });
  return claimed.length === 1;
}

/** Ends an attempt: a success clears the error, a failure keeps the last success time. */
export async function finishRateFetch(db: Db, outcome: { error: string | null }): Promise<void> {
  await db
    .update(exchangeRateStatus)
    .set(
      outcome.error === null
        ? { attemptFinishedAt: sql`now()`, lastSuccessAt: sql`now()`, lastError: null }
        : { attemptFinishedAt: sql`now()`, lastError: outcome.error },
    )
    .where(eq(s.id, 1));
}

/** Stores one day's rates per USD; a day stored before is overwritten (a provider's correction wins). */
export async function storeRateHistory(
  db: Db,
  day: string,
  perUsd: Record<CurrencyCode, string>,
  source: string,
): Promise<void> {
  await db
    .insert(exchangeRateHistory)
    .values(SUPPORTED_CURRENCIES.map((currency) => ({ day, currency, perUsd: perUsd[currency], source })))
    .onConflictDoUpdate({
      target: [exchangeRateHistory.day, exchangeRateHistory.currency],
      set: { perUsd: sql`excluded.per_usd`, source: sql`excluded.source` },
    });
}

/** Inserts seeded days, leaving any day already stored as it is. */
export async function insertRateHistory(
  db: Db,
  rows: { day: string; currency: CurrencyCode; perUsd: string; source: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(exchangeRateHistory)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

const h = exchangeRateHistory;

/**
 * The rows of `currencies` from `from` to `to`, starting with the last day before `from` that has all of
 * them (so a range that starts on a day without rates carries that day's rates forward).
 */
export async function rateHistory(
  db: Db,
  currencies: CurrencyCode[],
  from: string,
  to: string,
): Promise<RateHistoryRow[]> {
  const [before] = await db
    .select({ day: h.day })
    .from(h)
    .where(and(inArray(h.currency, currencies), lt(h.day, from)))
    .groupBy(h.day)
    .having(sql`count(*) = ${currencies.length}`)
    .orderBy(desc(h.day))
    .limit(1);
  return db
    .select({ day: h.day, currency: h.currency, perUsd: h.perUsd })
    .from(h)
    .where(and(inArray(h.currency, currencies), gte(h.day, before?.day ?? from), lte(h.day, to)))
    .orderBy(asc(h.day));
}
