import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Invoice } from '../types';
import { invoiceKeys } from './invoice-keys';

export async function getInvoice(id: string): Promise<Invoice> {
  const { data } = await api.get<Invoice>(`/invoices/${encodeURIComponent(id)}`);
  return data;
}

export const getInvoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoice(id) });

/** One invoice with its lines; `id` null: nothing to load (the detail is closed). */
export function useInvoice(id: string | null) {
  return useQuery({ ...getInvoiceQueryOptions(id ?? ''), enabled: id !== null });
}
