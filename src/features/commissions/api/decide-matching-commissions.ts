import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { BulkMatchingResult } from '../types';
import { filterParams } from '../utils/query-params';
import type { CommissionTotalsParams } from './commission-keys';
import { commissionKeys } from './commission-keys';

/** Every pending commission matching the filters, as they were when the user chose "select all". */
export const matchingDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: z.string().trim().min(1, 'A reason is required').max(2000),
  }),
]);
export type MatchingDecision = z.infer<typeof matchingDecisionSchema> & {
  filters: CommissionTotalsParams;
  /** ISO time of the selection: later commissions stay out of it */
  createdBefore: string;
  /** how many matched when selected (the progress bar's end) */
  total: number;
};

export interface MatchingProgress {
  done: number;
  total: number;
}

const BATCH = 200;

/** One batch decided on the server; it answers how many still match. */
export async function decideMatchingBatch(input: MatchingDecision): Promise<BulkMatchingResult> {
  const { decision, filters, createdBefore } = input;
  const reason = decision === 'reject' ? { reason: input.reason } : {};
  const { data } = await api.post<BulkMatchingResult>(`/commissions/bulk/${decision}-matching`, {
    ...filterParams(filters),
    ...reason,
    created_before: createdBefore,
    batch_size: BATCH,
  });
  return data;
}

/**
 * Decides all matching commissions batch after batch, reporting progress after each, until none remain
 * (or a batch changes nothing, which means the rest changed meanwhile). Answers how many it decided.
 */
export function useDecideMatchingCommissions() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<MatchingProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: MatchingDecision) => {
      matchingDecisionSchema.parse(input);
      let done = 0;
      setProgress({ done, total: input.total });
      for (;;) {
        const { updated_count, remaining } = await decideMatchingBatch(input);
        done += updated_count;
        setProgress({ done, total: Math.max(input.total, done + remaining) });
        if (remaining === 0 || updated_count === 0) return done;
      }
    },
    onSettled: async () => {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: commissionKeys.all });
    },
  });
  return { ...mutation, progress };
}
