import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Invoice } from '../types';
import { invoiceKeys, type InvoiceListParams } from './invoice-keys';

export interface InvoicePage {
  items: Invoice[];
  total: number;
}

/** Query parameters as the server reads them: empty filters are left out. */
export function invoiceQuery(params: InvoiceListParams) {
  return {
    ...(params.status !== 'all' ? { status: params.status } : {}),
    ...(params.month ? { month: params.month } : {}),
    ...(params.advertiser_id ? { advertiser_id: params.advertiser_id } : {}),
    limit: params.limit,
    offset: (params.page - 1) * params.limit,
  };
}

/** An advertiser's issued, paid and void invoices; every invoice for admins. Newest month first. */
export async function getInvoices(params: InvoiceListParams): Promise<InvoicePage> {
  const { data, headers } = await api.get<Invoice[]>('/invoices', { params: invoiceQuery(params) });
  const header: unknown = headers['x-total-count'];
  const total = Number(header);
  return { items: data, total: header != null && Number.isFinite(total) ? total : data.length };
}

export const getInvoicesQueryOptions = (params: InvoiceListParams) =>
  queryOptions({ queryKey: invoiceKeys.list(params), queryFn: () => getInvoices(params) });

export function useInvoices(params: InvoiceListParams) {
  return useQuery({ ...getInvoicesQueryOptions(params), placeholderData: keepPreviousData });
}
