import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export const LEDGER_FILE_NAME = 'ledger.jsonl';

/** The whole chain as JSON Lines (the input of `npm run ledger:verify`), fetched with the bearer token. */
export async function downloadLedgerExport(): Promise<void> {
  const { data } = await api.get<Blob>('/ledger/export', { responseType: 'blob' });
  saveFile(data, LEDGER_FILE_NAME, 'application/jsonl');
}

export function useDownloadLedgerExport() {
  return useMutation({ mutationFn: downloadLedgerExport });
}
