import { mutationOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
import type { BulkResult } from '../types';
import { commissionKeys } from './commission-keys';
import { restoreLists, showDecisionsInLists } from './decide-commission';

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

export const bulkDecideCommissionsKey = [...commissionKeys.all, 'bulk-decide'] as const;

export async function bulkDecideCommissions(
  input: BulkDecision,
  idempotencyKey?: string,
): Promise<BulkResult> {
  const { decision, ...body } = bulkDecisionSchema.parse(input);
  const { data } = await api.post<BulkResult>(
    `/commissions/bulk/${decision}`,
    body,
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
  return data;
}

export const bulkDecideCommissionsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: BulkDecision) => bulkDecideCommissions(input),
    onMutate: async ({ ids: decided, decision }) => ({
      lists: await showDecisionsInLists(queryClient, decided, decision),
    }),
    onError: (_error, _input, context) => restoreLists(queryClient, context?.lists),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commissionKeys.all }),
  });

/** The same decisions, queued offline and replayed once with their Idempotency-Key (setMutationDefaults). */
export const bulkDecideCommissionsOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...bulkDecideCommissionsMutationOptions(queryClient),
    mutationKey: bulkDecideCommissionsKey,
    label: 'commission decisions',
    send: bulkDecideCommissions,
  });

export function useBulkDecideCommissions() {
  return useOfflineMutation(bulkDecideCommissionsOfflineOptions(useQueryClient()));
}
