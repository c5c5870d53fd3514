import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import type { NotificationCategory, NotificationPriority, NotificationRow } from '../../platform/notifier';

export interface NotificationFilter {
  category?: NotificationCategory;
  priority?: NotificationPriority;
  isRead?: boolean;
  requiresAction?: boolean;
}

/** The user's notifications that are still in the list (not archived), narrowed by the filter. */
function visible(userId: string, filter: NotificationFilter = {}): SQL {
  const parts: SQL[] = [eq(notifications.userId, userId), eq(notifications.isArchived, false)];
  if (filter.category) parts.push(eq(notifications.category, filter.category));
  if (filter.priority) parts.push(eq(notifications.priority, filter.priority));
  if (filter.isRead !== undefined) parts.push(eq(notifications.isRead, filter.isRead));
  if (filter.requiresAction !== undefined)
    parts.push(eq(notifications.requiresAction, filter.requiresAction));
  return and(...parts)!;
}

export async function listNotifications(
  db: Db,
  userId: string,
  filter: NotificationFilter,
  page: { limit: number; offset: number },
) {
  const condition = visible(userId, filter);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(condition)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(visible(userId, { isRead: false }));
  return row?.n ?? 0;
}

/** total and unread per (category, priority) of the user's visible notifications */
export async function countGrouped(db: Db, userId: string) {
  return db
    .select({
      category: notifications.category,
      priority: notifications.priority,
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where not ${notifications.isRead}))::int`,
    })
    .from(notifications)
    .where(visible(userId))
    .groupBy(notifications.category, notifications.priority);
}

/** One of the user's own notifications (archived ones included); null for someone else's. */
export async function findOwn(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ?? null;
}

export async function markRead(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  // read_at keeps the first time it was read
  const [row] = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

/** Marks the user's unread, visible notifications read: all of them, or those of `ids`. */
export async function markManyRead(
  db: Db,
  userId: string,
  options: { ids?: string[]; importantOnly?: boolean },
): Promise<number> {
  const parts: SQL[] = [visible(userId, { isRead: false })];
  if (options.ids) parts.push(inArray(notifications.id, options.ids));
  if (options.importantOnly) parts.push(eq(notifications.isImportant, true));
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(...parts))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function archive(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ isArchived: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

export async function remove(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

// --- profile completion --------------------------------------------------------------------------

const missingField = sql<string | null>`${notifications.data} ->> 'missing_field'`;
const isDismissed = sql`coalesce((${notifications.data} ->> 'dismissed')::boolean, false)`;

function profileCompletion(userId: string): SQL {
  return and(eq(notifications.userId, userId), eq(notifications.category, 'profile_completion'))!;
}

/** Every profile-completion row of the user (open, archived and dismissed) with its field. */
export async function profileCompletionRows(db: Db, userId: string) {
  return db
    .select({ id: notifications.id, field: missingField })
    .from(notifications)
    .where(profileCompletion(userId));
}

export async function openProfileCompletion(db: Db, userId: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(profileCompletion(userId), eq(notifications.isArchived, false)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

export async function insertNotifications(
  db: Db,
  rows: (typeof notifications.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

export async function deleteByIds(db: Db, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(notifications).where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
}

/** Archives the field's open profile-completion notifications and flags them dismissed. */
export async function dismissProfileField(db: Db, userId: string, field: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({
      isArchived: true,
      data: sql`${notifications.data} || '{"dismissed": true}'::jsonb`,
    })
    .where(and(profileCompletion(userId), sql`${missingField} = ${field}`, sql`not ${isDismissed}`))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Serialises profile-completion checks of one user (two tabs starting at once create nothing twice). */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
