import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
import type { Page } from '../utils/total-count';
import { adminKeys } from './admin-keys';
import type { Application } from './get-admin-applications';

const reason = z
  .string()
  .trim()
  .min(1, { error: () => translate('common', 'reason.required') })
  .max(2000);

/** An admin's decision on behalf of the campaign's advertiser; reject and suspend need a reason. */
export const adminDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ id: z.string().min(1), decision: z.literal('approve') }),
  z.object({ id: z.string().min(1), decision: z.literal('reject'), reason }),
  z.object({ id: z.string().min(1), decision: z.literal('suspend'), reason }),
]);
export type AdminDecision = z.infer<typeof adminDecisionSchema>;

export async function decideApplication(input: AdminDecision): Promise<Application> {
  const parsed = adminDecisionSchema.parse(input);
  const { data } = await api.post<Application>(
    `/applications/${encodeURIComponent(parsed.id)}/${parsed.decision}`,
    'reason' in parsed ? { reason: parsed.reason } : undefined,
  );
  return data;
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSuccess: (decided) => {
      queryClient.setQueriesData<Page<Application>>({ queryKey: adminKeys.applications() }, (page) =>
        page ? { ...page, items: page.items.map((a) => (a.id === decided.id ? decided : a)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.applications() });
    },
  });
}
