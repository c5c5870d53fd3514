import { useMutation } from '@tanstack/react-query';
import axios from 'axios';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** An error answer arrives as a Blob when a file was asked for: read its JSON `detail` back in. */
async function readErrorBody(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text()) as unknown;
    } catch {
      // not JSON: the caller's fallback message is shown
    }
  }
  throw error;
}

export const statementFileName = (id: string) => `payout-statement-${id.slice(0, 8)}.pdf`;

/** A paid payout's statement PDF, fetched with the bearer token (a plain link would not carry it). */
export async function downloadPayoutStatement(id: string): Promise<void> {
  const { data } = await api
    .get<Blob>(`/payouts/${encodeURIComponent(id)}/statement.pdf`, { responseType: 'blob' })
    .catch(readErrorBody);
  saveFile(data, statementFileName(id), 'application/pdf');
}

export function useDownloadPayoutStatement() {
  return useMutation({ mutationFn: downloadPayoutStatement });
}
