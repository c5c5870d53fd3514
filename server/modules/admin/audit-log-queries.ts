import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { auditLog } from '../../db/schema/platform';
import { users } from '../../db/schema/users';

export interface AuditLogFilter {
  actorId?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  from?: Date;
  /** inclusive upper bound */
  to?: Date;
  /** exclusive upper bound (the day after a `to` date) */
  before?: Date;
}

function where(filter: AuditLogFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.actorId) parts.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) parts.push(eq(auditLog.action, filter.action));
  if (filter.entityType) parts.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) parts.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) parts.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) parts.push(lte(auditLog.createdAt, filter.to));
  if (filter.before) parts.push(lt(auditLog.createdAt, filter.before));
  return parts.length ? and(...parts) : undefined;
}

export async function listAuditLog(db: Db, filter: AuditLogFilter, page: { limit: number; offset: number }) {
  const condition = where(filter);
  const [items, [count]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: users.email, actorName: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

export type AuditLogRow = Awaited<ReturnType<typeof listAuditLog>>['items'][number];

/** Every action name recorded so far, for the filter's choices. */
export async function listAuditActions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}
