import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fraudKeys } from './fraud-keys';

export interface DecideFraudInput {
  commission_ids: string[];
  decision: 'approve' | 'reject';
  reason?: string;
}

/** Approves or rejects held commissions, all or none. */
export async function decideFraudQueue(input: DecideFraudInput) {
  const { data } = await api.post<{ updated: unknown[]; failed: unknown[] }>('/fraud/queue/decide', input);
  return data;
}

export function useDecideFraudQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideFraudQueue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: fraudKeys.all }),
  });
}
