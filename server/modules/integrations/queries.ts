import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import {
  integrationDeliveries,
  integrationEvents,
  publisherPostbacks,
  webhookEndpoints,
} from '../../db/schema/integrations';

export type WebhookRow = typeof webhookEndpoints.$inferSelect;
export type PostbackRow = typeof publisherPostbacks.$inferSelect;
export type DeliveryRow = typeof integrationDeliveries.$inferSelect;

export async function listWebhooks(db: Db, ownerId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, ownerId))
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function countWebhooks(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function findWebhook(db: Db, id: string): Promise<WebhookRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export async function insertWebhook(
  db: Db,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateWebhook(
  db: Db,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

export async function deleteWebhook(db: Db, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

export async function listPostbacks(db: Db, publisherId: string): Promise<PostbackRow[]> {
  return db
    .select()
    .from(publisherPostbacks)
    .where(eq(publisherPostbacks.publisherId, publisherId))
    .orderBy(desc(publisherPostbacks.createdAt));
}

export async function countPostbacks(db: Db, publisherId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(publisherPostbacks)
    .where(eq(publisherPostbacks.publisherId, publisherId));
  return row?.n ?? 0;
}

export async function findPostback(db: Db, id: string): Promise<PostbackRow | null> {
  const [row] = await db.select().from(publisherPostbacks).where(eq(publisherPostbacks.id, id));
  return row ?? null;
}

export async function insertPostback(
  db: Db,
  values: typeof publisherPostbacks.$inferInsert,
): Promise<PostbackRow> {
  const [row] = await db.insert(publisherPostbacks).values(values).returning();
  return row!;
}

export async function updatePostback(
  db: Db,
  id: string,
  values: Partial<typeof publisherPostbacks.$inferInsert>,
): Promise<PostbackRow> {
  const [row] = await db
    .update(publisherPostbacks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(publisherPostbacks.id, id))
    .returning();
  return row!;
}

export async function deletePostback(db: Db, id: string): Promise<void> {
  await db.delete(publisherPostbacks).where(eq(publisherPostbacks.id, id));
}

/** Whose log: a webhook endpoint's or a postback's. */
export type LogOwner = { webhookId: string } | { postbackId: string };

const ofTarget = (target: LogOwner) =>
  'webhookId' in target
    ? eq(integrationDeliveries.webhookId, target.webhookId)
    : eq(integrationDeliveries.postbackId, target.postbackId);

/** The delivery log, newest first: each attempt, sent or still due. */
export async function listDeliveries(
  db: Db,
  target: LogOwner,
  page: { limit: number; offset: number },
): Promise<{ items: DeliveryRow[]; total: number }> {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(integrationDeliveries)
      .where(ofTarget(target))
      .orderBy(desc(integrationDeliveries.createdAt), desc(integrationDeliveries.attempt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(integrationDeliveries).where(ofTarget(target)),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findDelivery(db: Db, target: LogOwner, id: string): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(integrationDeliveries)
    .where(and(ofTarget(target), eq(integrationDeliveries.id, id)));
  return row ?? null;
}

/** Queues the event again for the target, due now, as the attempt after its latest. */
export async function queueResend(db: Db, target: LogOwner, delivery: DeliveryRow): Promise<DeliveryRow> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ attempt: max(integrationDeliveries.attempt) })
      .from(integrationDeliveries)
      .where(and(ofTarget(target), eq(integrationDeliveries.eventId, delivery.eventId)));
    const [row] = await tx
      .insert(integrationDeliveries)
      .values({
        eventId: delivery.eventId,
        ...target,
        type: delivery.type,
        attempt: (latest?.attempt ?? delivery.attempt) + 1,
        nextAttemptAt: new Date(),
      })
      .returning();
    return row!;
  });
}

/**
 * A test event for one target only: stored as already fanned out (nobody else receives it) with its
 * delivery, due now.
 */
export async function queueTestEvent(
  db: Db,
  target: LogOwner,
  type: string,
  data: Record<string, unknown>,
): Promise<DeliveryRow> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [event] = await tx
      .insert(integrationEvents)
      .values({ type, data, audience: sql`'{}'::uuid[]`, createdAt: now, fannedOutAt: now })
      .returning({ id: integrationEvents.id });
    const [row] = await tx
      .insert(integrationDeliveries)
      .values({ eventId: event!.id, ...target, type, attempt: 1, nextAttemptAt: now })
      .returning();
    return row!;
  });
}
