import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { pushSubscriptions } from '../../db/schema/notifications';

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function listForUser(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** The subscriptions of any of these users. */
export async function listForUsers(db: Db, userIds: string[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

/** One endpoint is one browser: subscribing again replaces its keys and owner (the last user signed in). */
export async function upsert(
  db: Db,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<SubscriptionRow> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('push subscription upsert returned nothing');
  return row;
}

/** Removes the user's subscription for `endpoint`, or all of theirs without one. */
export async function removeForUser(db: Db, userId: string, endpoint?: string): Promise<number> {
  const condition = endpoint
    ? and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint))
    : eq(pushSubscriptions.userId, userId);
  const rows = await db.delete(pushSubscriptions).where(condition).returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Drops a subscription the push service reported gone, unless it was renewed meanwhile. */
export async function removeExpired(db: Db, row: SubscriptionRow): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.p256dh, row.p256dh)));
}
