import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { translate } from '../../../lib/i18n';
import type { Application } from '../types';
import { applicationKeys } from './application-keys';

export const applyInputSchema = z.object({
  campaign_id: z.string().min(1),
  website_id: z.string().min(1, { error: () => translate('applications', 'apply.pickWebsite') }),
  message: z.string().trim().max(2000),
});
export type ApplyInput = z.infer<typeof applyInputSchema>;

export async function applyToCampaign(input: ApplyInput): Promise<Application> {
  const { data } = await api.post<Application>('/applications', applyInputSchema.parse(input));
  return data;
}

export function useApplyToCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToCampaign,
    onSuccess: (application) => {
      queryClient.setQueryData(applicationKeys.detail(application.id), application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
    },
  });
}
