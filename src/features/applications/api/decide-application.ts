import { mutationOptions, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/offline/idempotency-key';
import { offlineMutationOptions, useOfflineMutation } from '../../../lib/offline/offline-mutation';
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

export const decideApplicationKey = [...applicationKeys.all, 'decide'] as const;

/** The status each decision leads to, shown at once while the decision is on its way (or queued). */
const STATUS_AFTER: Record<Decision, Application['status']> = {
  approve: 'approved',
  withdraw: 'withdrawn',
  reject: 'rejected',
  suspend: 'suspended',
};

export async function decideApplication(input: DecideInput, idempotencyKey?: string): Promise<Application> {
  const parsed = decideInputSchema.parse(input);
  const url = `/applications/${encodeURIComponent(parsed.id)}/${parsed.decision}`;
  const { data } = await api.post<Application>(
    url,
    'reason' in parsed ? { reason: parsed.reason } : undefined,
    idempotencyKey ? { headers: idempotencyHeaders(idempotencyKey) } : undefined,
  );
  return data;
}

export const decideApplicationMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: (input: DecideInput) => decideApplication(input),
    onMutate: async ({ id, decision }) => {
      await queryClient.cancelQueries({ queryKey: applicationKeys.lists() });
      const lists: [QueryKey, ApplicationPage | undefined][] = queryClient.getQueriesData<ApplicationPage>({
        queryKey: applicationKeys.lists(),
      });
      queryClient.setQueriesData<ApplicationPage>({ queryKey: applicationKeys.lists() }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((a) => (a.id === id ? { ...a, status: STATUS_AFTER[decision] } : a)),
            }
          : page,
      );
      return { lists };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.lists ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (decided) => {
      queryClient.setQueryData(applicationKeys.detail(decided.id), decided);
      queryClient.setQueriesData<ApplicationPage>({ queryKey: applicationKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((a) => (a.id === decided.id ? decided : a)) } : page,
      );
      // A status filter may no longer match: refetch the lists in the background.
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
  });

/** The same decision, queued offline and replayed once with its Idempotency-Key (setMutationDefaults). */
export const decideApplicationOfflineOptions = (queryClient: QueryClient) =>
  offlineMutationOptions({
    ...decideApplicationMutationOptions(queryClient),
    mutationKey: decideApplicationKey,
    label: 'application decision',
    send: decideApplication,
  });

export function useDecideApplication() {
  return useOfflineMutation(decideApplicationOfflineOptions(useQueryClient()));
}
