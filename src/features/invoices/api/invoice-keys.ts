import type { InvoiceFilters } from '../types';

export interface InvoiceListParams extends InvoiceFilters {
  page: number;
  limit: number;
}

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (params: InvoiceListParams) => [...invoiceKeys.lists(), params] as const,
  details: () => [...invoiceKeys.all, 'detail'] as const,
  detail: (id: string) => [...invoiceKeys.details(), id] as const,
  advertiserOptions: () => [...invoiceKeys.all, 'advertiser-options'] as const,
};
