import type { Db } from '../../db/connection';
import { listAuditLog, type AuditLogFilter, type AuditLogRow } from './audit-log-queries';
import { toCsv } from '../../platform/csv';
import { actionVerb, actorName, describeEntry, resolveEntityNames, type EntityName } from './audit-log-names';
import type { Language } from '../../platform/i18n';
import type { AuditEntry, AuditLogQuery } from './schema';

/** The CSV export holds every matching row up to this many. */
export const CSV_ROW_CAP = 10_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const isDateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** `from`/`to` as dates: a bare date means its whole UTC day, so `to=2024-05-31` includes that day. */
function toFilter(query: AuditLogQuery): AuditLogFilter {
  const filter: AuditLogFilter = {
    actorId: query.actor_id,
    action: query.action || undefined,
    entityType: query.entity_type || undefined,
    entityId: query.entity_id || undefined,
  };
  if (query.from) filter.from = new Date(isDateOnly(query.from) ? `${query.from}T00:00:00Z` : query.from);
  if (query.to) {
    if (isDateOnly(query.to)) filter.before = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
    else filter.to = new Date(query.to);
  }
  return filter;
}

function toAuditEntry(row: AuditLogRow, names: Map<string, EntityName>, language: Language): AuditEntry {
  const { entry, actorEmail } = row;
  const actor = actorName(row.actorName, actorEmail, entry.actorId, language);
  const name = names.get(`${entry.entityType}:${entry.entityId ?? ''}`);
  return {
    id: entry.id,
    actor_id: entry.actorId,
    actor_email: actorEmail,
    actor_name: actor,
    action: entry.action,
    action_text: actionVerb(entry.action, language),
    summary: describeEntry(actor, entry.action, entry.entityType, entry.entityId, name, language),
    entity_label: name?.label ?? null,
    entity_url: name?.url ?? (entry.entityType === 'settings' ? '/settings' : null),
    context_label: name?.context?.label ?? null,
    context_url: name?.context?.url ?? null,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    created_at: entry.createdAt.toISOString(),
  };
}

/** A page of entries, worded in `language` (the reading admin's). */
export async function listAuditEntries(db: Db, query: AuditLogQuery, language: Language = 'en') {
  const { items, total } = await listAuditLog(db, toFilter(query), query);
  const names = await resolveEntityNames(
    db,
    items.map((i) => i.entry),
    language,
  );
  return { items: items.map((i) => toAuditEntry(i, names, language)), total };
}

const CSV_HEADER = [
  'id',
  'created_at',
  'actor_id',
  'actor_email',
  'action',
  'entity_type',
  'entity_id',
  'before',
  'after',
] as const;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** Every matching entry (newest first, up to CSV_ROW_CAP) as CSV; before/after as JSON text. */
export async function exportAuditCsv(db: Db, query: AuditLogQuery): Promise<{ csv: string; total: number }> {
  const { items, total } = await listAuditLog(db, toFilter(query), { limit: CSV_ROW_CAP, offset: 0 });
  const names = await resolveEntityNames(
    db,
    items.map((i) => i.entry),
  );
  const rows = items
    .map((i) => toAuditEntry(i, names, 'en'))
    .map((e) => [
      e.id,
      e.created_at,
      e.actor_id,
      e.actor_email,
      e.action,
      e.entity_type,
      e.entity_id,
      json(e.before),
      json(e.after),
    ]);
  return { csv: toCsv(CSV_HEADER, rows), total };
}
