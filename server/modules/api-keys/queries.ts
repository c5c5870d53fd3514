import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { apiKeys } from '../../db/schema/api-keys';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;

const live = isNull(apiKeys.revokedAt);

export async function insertApiKey(db: Db, values: NewApiKeyRow): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** The user's unrevoked keys (expired ones too: their owner sees and revokes them), newest first. */
export function listLiveKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), live))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function countLiveKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), live));
  return row?.n ?? 0;
}

export async function findLiveKey(db: Db, userId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), live));
  return row ?? null;
}

export async function markRevoked(db: Db, id: string, at: Date): Promise<void> {
  await db.update(apiKeys).set({ revokedAt: at }).where(eq(apiKeys.id, id));
}

/** Candidates for a secret: the unrevoked keys with its prefix (almost always one). */
export function findByPrefix(db: Db, prefix: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, prefix), live));
}

/** Records a use unless one was recorded less than `minGapMs` ago (several processes may try at once). */
export async function recordUse(db: Db, id: string, address: string, at: Date, minGapMs: number) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: at, lastUsedIp: address })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(at.getTime() - minGapMs))),
      ),
    );
}
