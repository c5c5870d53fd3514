import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { PayoutFilters } from '../types';
import { payoutQuery } from './payout-keys';

export const PAYOUTS_FILE_NAME = 'payouts.csv';

/** The queue with its filters as CSV, fetched with the bearer token and handed to the browser. */
export async function downloadPayoutsCsv(filters: PayoutFilters): Promise<void> {
  const { data } = await api.get<Blob | string>('/payouts', {
    params: { ...payoutQuery(filters), format: 'csv' },
    responseType: 'blob',
  });
  saveFile(data, PAYOUTS_FILE_NAME);
}

export function useDownloadPayoutsCsv() {
  return useMutation({ mutationFn: downloadPayoutsCsv });
}
