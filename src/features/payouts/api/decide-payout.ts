import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Payout } from '../types';
import { payoutKeys } from './payout-keys';

/** The admin's steps: approve a requested payout, mark a processing one paid, or mark it failed. */
export const payoutDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ id: z.string().min(1), decision: z.literal('approve') }),
  z.object({
    id: z.string().min(1),
    decision: z.literal('paid'),
    reference: z
      .string()
      .trim()
      .min(1, 'A transfer reference is required')
      .max(200, 'At most 200 characters'),
  }),
  z.object({
    id: z.string().min(1),
    decision: z.literal('failed'),
    reason: z.string().trim().min(1, 'A reason is required').max(2000),
  }),
]);
export type PayoutDecision = z.infer<typeof payoutDecisionSchema>;

export async function decidePayout(input: PayoutDecision): Promise<Payout> {
  const parsed = payoutDecisionSchema.parse(input);
  const body =
    parsed.decision === 'paid'
      ? { reference: parsed.reference }
      : parsed.decision === 'failed'
        ? { reason: parsed.reason }
        : undefined;
  const { data } = await api.post<Payout>(
    `/payouts/${encodeURIComponent(parsed.id)}/${parsed.decision}`,
    body,
  );
  return data;
}

export function useDecidePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
