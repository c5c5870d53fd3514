import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Invoice, InvoiceAction } from '../types';
import { invoiceKeys } from './invoice-keys';
import type { InvoicePage } from './get-invoices';

/** An admin moves an invoice on: issue a draft, mark an issued one paid, void a draft or issued one. */
export async function transitionInvoice({
  id,
  action,
}: {
  id: string;
  action: InvoiceAction;
}): Promise<Invoice> {
  const { data } = await api.post<Invoice>(`/invoices/${encodeURIComponent(id)}/${action}`);
  return data;
}

export function useTransitionInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionInvoice,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
      queryClient.setQueriesData<InvoicePage>({ queryKey: invoiceKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((i) => (i.id === invoice.id ? invoice : i)) } : page,
      );
      // a status filter may no longer match: the lists come from the server again
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() });
    },
  });
}
