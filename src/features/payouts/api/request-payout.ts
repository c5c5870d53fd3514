import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Payout } from '../types';
import { payoutKeys } from './payout-keys';

export const requestPayoutSchema = z.object({ currency: z.string().length(3) });
export type RequestPayoutInput = z.infer<typeof requestPayoutSchema>;

/** Asks for the whole approved balance in one currency; the server refuses below the minimum. */
export async function requestPayout(input: RequestPayoutInput): Promise<Payout> {
  const { data } = await api.post<Payout>('/payouts', requestPayoutSchema.parse(input));
  return data;
}

/** `onRequested` lets the page refresh what it shows beside the payouts (the commission balance). */
export function useRequestPayout(onRequested?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: () => {
      // a refusal (an open payout, the balance moved) also means the cached figures are stale
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      onRequested?.();
    },
  });
}
