import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Commission } from '../types';
import { commissionKeys } from './commission-keys';
import type { CommissionPage } from './get-commissions';

const reason = z.string().trim().min(1, 'A reason is required').max(2000);

/**
 * An advertiser's or admin's decision on one commission: approve a pending one, reject a pending one or
 * reverse an approved (or paid: a clawback) one. Reject and reverse need a reason.
 */
export const commissionDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ id: z.string().min(1), decision: z.literal('approve') }),
  z.object({ id: z.string().min(1), decision: z.literal('reject'), reason }),
  z.object({ id: z.string().min(1), decision: z.literal('reverse'), reason }),
]);
export type CommissionDecision = z.infer<typeof commissionDecisionSchema>;

/** Answers the decided commission; reversing a paid one answers the new negative clawback instead. */
export async function decideCommission(input: CommissionDecision): Promise<Commission> {
  const parsed = commissionDecisionSchema.parse(input);
  const { data } = await api.post<Commission>(
    `/commissions/${encodeURIComponent(parsed.id)}/${parsed.decision}`,
    'reason' in parsed ? { reason: parsed.reason } : undefined,
  );
  return data;
}

export function useDecideCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideCommission,
    onSuccess: (decided) => {
      queryClient.setQueriesData<CommissionPage>({ queryKey: commissionKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((c) => (c.id === decided.id ? decided : c)) } : page,
      );
      // Totals, balances and other pages (a clawback is a new row) come from the server.
      void queryClient.invalidateQueries({ queryKey: commissionKeys.all });
    },
  });
}
