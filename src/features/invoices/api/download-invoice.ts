import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { Invoice } from '../types';

export type InvoiceFormat = 'pdf' | 'csv';

const TYPES: Record<InvoiceFormat, string> = { pdf: 'application/pdf', csv: 'text/csv' };

/** Fetches the PDF or CSV through the API client, with the bearer token, and saves it as INV-….pdf/.csv. */
export async function downloadInvoice({
  invoice,
  format,
}: {
  invoice: Pick<Invoice, 'id' | 'number'>;
  format: InvoiceFormat;
}): Promise<void> {
  const { data } = await api.get<Blob | string>(`/invoices/${encodeURIComponent(invoice.id)}/${format}`, {
    responseType: 'blob',
  });
  saveFile(data, `${invoice.number}.${format}`, TYPES[format]);
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
