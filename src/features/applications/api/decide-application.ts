import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { Application } from '../types';
import { applicationKeys } from './application-keys';
import type { ApplicationPage } from './get-applications';

/**
 * One input for the four decision endpoints: approve and withdraw take no body, reject and suspend a
 * reason (required by the server).
 */
export const decideInputSchema = z.discriminatedUnion('decision', [
  z.object({ id: z.string().min(1), decision: z.literal('approve') }),
  z.object({ id: z.string().min(1), decision: z.literal('withdraw') }),
  z.object({
    id: z.string().min(1),
    decision: z.literal('reject'),
    reason: z.string().trim().min(1).max(2000),
  }),
  z.object({
    id: z.string().min(1),
    decision: z.literal('suspend'),
    reason: z.string().trim().min(1).max(2000),
  }),
]);
export type DecideInput = z.infer<typeof decideInputSchema>;
export type Decision = DecideInput['decision'];

export async function decideApplication(input: DecideInput): Promise<Application> {
  const parsed = decideInputSchema.parse(input);
  const url = `/applications/${encodeURIComponent(parsed.id)}/${parsed.decision}`;
  const { data } = await api.post<Application>(
    url,
    'reason' in parsed ? { reason: parsed.reason } : undefined,
  );
  return data;
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSuccess: (decided) => {
      queryClient.setQueryData(applicationKeys.detail(decided.id), decided);
      queryClient.setQueriesData<ApplicationPage>({ queryKey: applicationKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((a) => (a.id === decided.id ? decided : a)) } : page,
      );
      // A status filter may no longer match: refetch the lists in the background.
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
  });
}
