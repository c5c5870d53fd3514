import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The actions recorded so far (e.g. "user.suspended"), for the audit log's action filter. */
export async function getAuditActions(): Promise<string[]> {
  const { data } = await api.get<string[]>('/admin/audit-log/actions');
  return data;
}

export const getAuditActionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.auditActions(), queryFn: getAuditActions });

export function useAuditActions() {
  return useQuery(getAuditActionsQueryOptions());
}
