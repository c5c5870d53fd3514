import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { AuditLogFilters } from './admin-keys';
import { auditLogQuery } from './get-audit-log';

export const AUDIT_LOG_FILE_NAME = 'audit-log.csv';

/** Fetches the CSV through the API client, with the bearer token, and saves it. */
export async function downloadAuditLog(filters: AuditLogFilters): Promise<void> {
  const { data } = await api.get<Blob | string>('/admin/audit-log', {
    params: { ...auditLogQuery(filters), format: 'csv' },
    responseType: 'blob',
  });
  saveFile(data, AUDIT_LOG_FILE_NAME);
}

export function useDownloadAuditLog() {
  return useMutation({ mutationFn: downloadAuditLog });
}
