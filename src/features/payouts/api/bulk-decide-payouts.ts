import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { BulkResult } from '../types';
import { payoutKeys } from './payout-keys';

const MAX = 100;

/** Approve many requested payouts, or mark many processing ones paid, each with its own reference. */
export const bulkPayoutDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), ids: z.array(z.string().min(1)).min(1).max(MAX) }),
  z.object({
    decision: z.literal('paid'),
    items: z
      .array(z.object({ id: z.string().min(1), reference: z.string().trim().min(1).max(200) }))
      .min(1)
      .max(MAX),
  }),
]);
export type BulkPayoutDecision = z.infer<typeof bulkPayoutDecisionSchema>;

export async function bulkDecidePayouts(input: BulkPayoutDecision): Promise<BulkResult> {
  const { decision, ...body } = bulkPayoutDecisionSchema.parse(input);
  const { data } = await api.post<BulkResult>(`/payouts/bulk/${decision}`, body);
  return data;
}

export function useBulkDecidePayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDecidePayouts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
