import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import type { AuditEntry } from '../types';
import { totalFromHeaders, type Page } from '../utils/total-count';
import { adminKeys, type AuditLogFilters, type AuditLogListParams } from './admin-keys';

/** Dates are whole UTC days: "from" starts at its midnight, "to" includes its whole day. */
export function auditLogQuery(filters: AuditLogFilters) {
  const action = filters.action.trim();
  const entityType = filters.entity_type.trim();
  return {
    ...(action ? { action } : {}),
    ...(entityType ? { entity_type: entityType } : {}),
    ...(filters.from ? { from: `${filters.from}T00:00:00.000Z` } : {}),
    ...(filters.to ? { to: `${filters.to}T23:59:59.999Z` } : {}),
  };
}

export async function getAuditLog(params: AuditLogListParams): Promise<Page<AuditEntry>> {
  const { data, headers } = await api.get<AuditEntry[]>('/admin/audit-log', {
    params: { ...auditLogQuery(params), limit: params.limit, offset: (params.page - 1) * params.limit },
  });
  return { items: data, total: totalFromHeaders(headers, data.length) };
}

/** The server words the entries in the admin's language: a page read in another language is fetched anew. */
export const getAuditLogQueryOptions = (params: AuditLogListParams) =>
  queryOptions({
    queryKey: [...adminKeys.auditLogList(params), currentLanguage()],
    queryFn: () => getAuditLog(params),
  });

export function useAuditLog(params: AuditLogListParams) {
  return useQuery({ ...getAuditLogQueryOptions(params), placeholderData: keepPreviousData });
}
