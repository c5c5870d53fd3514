import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AuditLogFilters } from './admin-keys';
import { auditLogQuery } from './get-audit-log';

export const AUDIT_LOG_FILE_NAME = 'audit-log.csv';

/**
 * Fetches the CSV through the API client (so the bearer token goes with it; a plain link would not
 * carry it) and hands it to the browser as a download.
 */
export async function downloadAuditLog(filters: AuditLogFilters): Promise<void> {
  const { data } = await api.get<Blob | string>('/admin/audit-log', {
    params: { ...auditLogQuery(filters), format: 'csv' },
    responseType: 'blob',
  });
  const blob = data instanceof Blob ? data : new Blob([data], { type: 'text/csv' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = AUDIT_LOG_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has started the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export function useDownloadAuditLog() {
  return useMutation({ mutationFn: downloadAuditLog });
}
