import { mutationOptions, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
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

export const decideCommissionKey = [...commissionKeys.all, 'decide'] as const;

const STATUS_AFTER: Record<CommissionDecision['decision'], Commission['status']> = {
  approve: 'approved',
  reject: 'rejected',
  reverse: 'reversed',
};

export type CommissionListSnapshot = [QueryKey, CommissionPage | undefined][];

/** Shows decisions at once in every cached list; answers the lists as they were, for a rollback. */
export async function showDecisionsInLists(
  queryClient: QueryClient,
  ids: readonly string[],
  decision: CommissionDecision['decision'],
): Promise<CommissionListSnapshot> {
  await queryClient.cancelQueries({ queryKey: commissionKeys.lists() });
  const lists = queryClient.getQueriesData<CommissionPage>({ queryKey: commissionKeys.lists() });
  const decided = new Set(ids);
  const status = STATUS_AFTER[decision];
  // Only the moves the server makes; reversing a paid one adds a clawback that only the server knows.
  const from = decision === 'reverse' ? 'approved' : 'pending';
  queryClient.setQueriesData<CommissionPage>({ queryKey: commissionKeys.lists() }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((c) => (decided.has(c.id) && c.status === from ? { ...c, status } : c)),
        }
      : page,
  );
  return lists;
}

export function restoreLists(queryClient: QueryClient, lists: CommissionListSnapshot | undefined): void {
  for (const [key, page] of lists ?? []) queryClient.setQueryData(key, page);
}

/** Answers the decided commission; reversing a paid one answers the new negative clawback instead. */
export async function decideCommission(
  input: CommissionDecision,
  idempotencyKey?: string,
): Promise<Commission> {
  const parsed = commissionDecisionSchema.parse(input);
  const { data } = await api.post<Commission>(
    `/commissions/${encodeURIComponent(parsed.id)}/${parsed.decision}`,
    'reason' in parsed ? { reason: parsed.reason } : undefined,
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
  return data;
}

export const decideCommissionMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: CommissionDecision) => decideCommission(input),
    onMutate: async ({ id, decision }) => ({
      lists: await showDecisionsInLists(queryClient, [id], decision),
    }),
    onError: (_error, _input, context) => restoreLists(queryClient, context?.lists),
    onSuccess: (decided) => {
      queryClient.setQueriesData<CommissionPage>({ queryKey: commissionKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((c) => (c.id === decided.id ? decided : c)) } : page,
      );
      // Totals, balances and other pages (a clawback is a new row) come from the server.
      void queryClient.invalidateQueries({ queryKey: commissionKeys.all });
    },
  });

/** The same decision, queued offline and replayed once with its Idempotency-Key (setMutationDefaults). */
export const decideCommissionOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...decideCommissionMutationOptions(queryClient),
    mutationKey: decideCommissionKey,
    label: 'commission decision',
    send: decideCommission,
  });

export function useDecideCommission() {
  return useOfflineMutation(decideCommissionOfflineOptions(useQueryClient()));
}
