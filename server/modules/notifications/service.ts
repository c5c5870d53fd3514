import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { notFound } from '../../platform/http-error';
import { missingFields, profileFromRow } from '../users/service';
import { findUserById } from '../../platform/current-user';
import { msg, render } from '../../platform/i18n';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_PRIORITIES,
  notificationTexts,
  type NotificationRow,
} from '../../platform/notifier';
import * as q from './queries';
import type { EnhancedStats, Notification, ProfileCompletionField, listNotificationsQuery } from './schema';

/** The row as the API shows it, its title and body in the reader's `language`. */
export function toNotificationResponse(row: NotificationRow, language: unknown): Notification {
  const { title, body } = notificationTexts(row, language);
  return {
    id: row.id,
    category: row.category as Notification['category'],
    priority: row.priority,
    is_important: row.isImportant,
    requires_action: row.requiresAction,
    title,
    body,
    link: row.link,
    data: row.data,
    is_read: row.isRead,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    is_archived: row.isArchived,
    created_at: row.createdAt.toISOString(),
  };
}

const NOT_FOUND = 'Notification not found';

/** Who reads: their notifications, in their language. */
export interface Reader {
  id: string;
  language: unknown;
}

export async function listNotifications(
  db: Db,
  reader: Reader,
  query: z.output<typeof listNotificationsQuery>,
) {
  const { items, total } = await q.listNotifications(
    db,
    reader.id,
    {
      category: query.category === 'all' ? undefined : query.category,
      priority: query.priority === 'all' ? undefined : query.priority,
      isRead: query.is_read,
    },
    query,
  );
  return { items: items.map((row) => toNotificationResponse(row, reader.language)), total };
}

export async function actionRequired(db: Db, reader: Reader, limit: number) {
  const { items, total } = await q.listNotifications(
    db,
    reader.id,
    { requiresAction: true, isRead: false },
    { limit, offset: 0 },
  );
  return { items: items.map((row) => toNotificationResponse(row, reader.language)), total };
}

export async function stats(db: Db, userId: string) {
  return { unread_notifications: await q.countUnread(db, userId) };
}

export async function enhancedStats(db: Db, userId: string): Promise<EnhancedStats> {
  const zero = () => ({ total: 0, unread: 0 });
  // every key is present, so a client can read by_category.payout without guarding
  const byCategory = Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, zero()]));
  const byPriority = Object.fromEntries(NOTIFICATION_PRIORITIES.map((p) => [p, zero()]));
  const result: EnhancedStats = {
    unread_notifications: 0,
    total: 0,
    by_category: byCategory,
    by_priority: byPriority,
  };
  for (const group of await q.countGrouped(db, userId)) {
    result.total += group.total;
    result.unread_notifications += group.unread;
    const category = (byCategory[group.category] ??= zero());
    category.total += group.total;
    category.unread += group.unread;
    const priority = (byPriority[group.priority] ??= zero());
    priority.total += group.total;
    priority.unread += group.unread;
  }
  return result;
}

export async function markRead(db: Db, reader: Reader, id: string): Promise<Notification> {
  const row = await q.markRead(db, reader.id, id);
  if (!row) throw notFound(NOT_FOUND);
  return toNotificationResponse(row, reader.language);
}

export async function markManyRead(db: Db, userId: string, ids: string[] | null | undefined) {
  return { updated: await q.markManyRead(db, userId, { ids: ids ?? undefined }) };
}

export async function markImportantRead(db: Db, userId: string, ids: string[] | null | undefined) {
  return { updated: await q.markManyRead(db, userId, { ids: ids ?? undefined, importantOnly: true }) };
}

export async function archive(db: Db, reader: Reader, id: string): Promise<Notification> {
  const row = await q.archive(db, reader.id, id);
  if (!row) throw notFound(NOT_FOUND);
  return toNotificationResponse(row, reader.language);
}

export async function remove(db: Db, userId: string, id: string): Promise<void> {
  if (!(await q.remove(db, userId, id))) throw notFound(NOT_FOUND);
}

// --- profile completion --------------------------------------------------------------------------

/** In the user's language (server/locales/<language>/notifications.json), as every notification. */
function completionNotification(userId: string, field: ProfileCompletionField, language: unknown) {
  const missing = { field: msg(`notifications:profileField.${field}`) };
  const title = msg('notifications:profileCompletion.title', missing);
  const body = msg('notifications:profileCompletion.body', missing);
  return {
    userId,
    category: 'profile_completion',
    priority: 'normal' as const,
    requiresAction: true,
    title: render(language, title),
    body: render(language, body),
    texts: { title, body },
    link: '/profile',
    data: { type: 'profile_completion', missing_field: field },
  };
}

export async function openProfileCompletion(db: Db, reader: Reader): Promise<Notification[]> {
  return (await q.openProfileCompletion(db, reader.id)).map((row) =>
    toNotificationResponse(row, reader.language),
  );
}

/**
 * Brings the user's profile-completion notifications in line with the profile: one per missing
 * required field (unless one exists already, open, archived or dismissed), none for filled fields.
 */
export async function checkProfileCompletion(db: Db, userId: string) {
  return db.transaction(async (tx) => {
    await q.lockUser(tx, userId);
    const found = await findUserById(tx, userId);
    if (!found) throw notFound('User not found');
    const missing: string[] = missingFields(found.user.role, profileFromRow(found.profile));
    const rows = await q.profileCompletionRows(tx, userId);
    const covered = new Set(rows.map((r) => r.field));
    const stale = rows.filter((r) => r.field === null || !missing.includes(r.field)).map((r) => r.id);
    const fresh = missing.filter((f) => !covered.has(f)) as ProfileCompletionField[];
    await q.deleteByIds(tx, userId, stale);
    await q.insertNotifications(
      tx,
      fresh.map((field) => completionNotification(userId, field, found.user.language)),
    );
    return { missing_fields: missing, created: fresh.length };
  });
}

/** The profile-save hook: a failure here is logged, never fails the save that already happened. */
export async function refreshProfileCompletion(
  db: Db,
  userId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await checkProfileCompletion(db, userId);
  } catch (err) {
    log.warn({ err, userId }, 'profile-completion check failed');
  }
}

export async function dismissProfileCompletion(db: Db, userId: string, field: ProfileCompletionField) {
  return { dismissed: await q.dismissProfileField(db, userId, field) };
}
