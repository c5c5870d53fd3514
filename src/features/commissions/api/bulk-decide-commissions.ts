import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { BulkResult } from '../types';
import { commissionKeys } from './commission-keys';

const ids = z.array(z.string().min(1)).min(1, 'Choose at least one commission').max(500);

/** Approve or reject many pending commissions at once; the server answers which changed and which not. */
export const bulkDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), ids }),
  z.object({
    decision: z.literal('reject'),
    ids,
    reason: z.string().trim().min(1, 'A reason is required').max(2000),
  }),
]);
export type BulkDecision = z.infer<typeof bulkDecisionSchema>;

export async function bulkDecideCommissions(input: BulkDecision): Promise<BulkResult> {
  const { decision, ...body } = bulkDecisionSchema.parse(input);
  const { data } = await api.post<BulkResult>(`/commissions/bulk/${decision}`, body);
  return data;
}

export function useBulkDecideCommissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDecideCommissions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
  });
}
