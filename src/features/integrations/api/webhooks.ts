import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Webhook } from '../types';
import { integrationKeys } from './integration-keys';

export interface WebhookInput {
  url: string;
  description: string;
  events: string[];
}

/** The user's webhook endpoints (advertisers and admins). */
export async function getWebhooks(): Promise<Webhook[]> {
  const { data } = await api.get<Webhook[]>('/webhooks');
  return data;
}

export function useWebhooks() {
  return useQuery({ queryKey: integrationKeys.webhooks(), queryFn: getWebhooks });
}

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks() });
}

/** Adds an endpoint; the answer holds its signing secret. */
export function useCreateWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: async (input: WebhookInput) => (await api.post<Webhook>('/webhooks', input)).data,
    onSuccess: () => void refresh(),
  });
}

/** Changes an endpoint (URL, events, description or enabled). */
export function useUpdateWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: async ({ id, ...changes }: Partial<WebhookInput> & { id: string; enabled?: boolean }) =>
      (await api.put<Webhook>(`/webhooks/${id}`, changes)).data,
    onSuccess: () => void refresh(),
  });
}

export function useDeleteWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    mutationFn: async (id: string) => {
      await api.delete(`/webhooks/${id}`);
    },
    onSuccess: () => void refresh(),
  });
}
