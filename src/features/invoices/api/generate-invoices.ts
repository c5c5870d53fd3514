import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Invoice } from '../types';
import { invoiceKeys } from './invoice-keys';

export const generateInvoicesSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month'),
  advertiser_id: z.string().min(1).nullable(),
});
export type GenerateInvoicesInput = z.infer<typeof generateInvoicesSchema>;

/** An admin's "generate now": the month's drafts (one advertiser, or all); answers those it made. */
export async function generateInvoices(input: GenerateInvoicesInput): Promise<Invoice[]> {
  const parsed = generateInvoicesSchema.parse(input);
  const { data } = await api.post<Invoice[]>('/invoices/generate', {
    month: parsed.month,
    ...(parsed.advertiser_id ? { advertiser_id: parsed.advertiser_id } : {}),
  });
  return data;
}

export function useGenerateInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateInvoices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
  });
}
