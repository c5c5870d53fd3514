import { useMutation } from '@tanstack/react-query';
import axios from 'axios';
import { api } from '../../../lib/api-client';
import { reportQuery, type ReportParams } from './report-keys';
import { saveFile } from '../../../lib/save-file';

/** The name the server gives the file (Content-Disposition), else the same pattern built here. */
export function reportFileName(params: ReportParams, disposition?: unknown): string {
  const named = /filename="?([^";]+)"?/i.exec(typeof disposition === 'string' ? disposition : '')?.[1];
  return named ?? `affilio-report-${params.group_by}-${params.from}-${params.to}.csv`;
}

/** An error body arrives as a Blob (or text) when a file was asked for; read its JSON `detail` back in. */
async function readErrorBody(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && error.response) {
    const body: unknown = error.response.data;
    const text = body instanceof Blob ? await body.text() : typeof body === 'string' ? body : null;
    if (text) {
      try {
        error.response.data = JSON.parse(text) as unknown;
      } catch {
        // Not JSON: the caller's fallback message is shown.
      }
    }
  }
  throw error;
}

/**
 * Fetches the report as CSV through the API client (so the bearer token goes with it; a plain link
 * would not carry it) and hands it to the browser as a download.
 */
export async function downloadReportCsv(params: ReportParams): Promise<string> {
  const response = await api
    .get<Blob | string>('/reports', {
      params: { ...reportQuery(params), format: 'csv' },
      responseType: 'blob',
    })
    .catch(readErrorBody);
  const { data, headers } = response;
  const fileName = reportFileName(params, headers['content-disposition']);
  saveFile(data, fileName);
  return fileName;
}

export function useDownloadReportCsv() {
  return useMutation({ mutationFn: downloadReportCsv });
}
