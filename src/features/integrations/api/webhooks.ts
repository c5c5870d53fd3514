import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Webhook } from '../types';
import { integrationKeys } from './integration-keys';
import { useSaveIntegration } from './integration-items';

export interface WebhookInput {
  url: string;
  description: string;
  events: string[];
}

/** A new endpoint, or the changed fields of an existing one. */
export type WebhookSave = WebhookInput | (Partial<WebhookInput> & { id: string });

/** The user's webhook endpoints (advertisers and admins). */
export async function getWebhooks(): Promise<Webhook[]> {
  const { data } = await api.get<Webhook[]>('/webhooks');
  return data;
}

export function useWebhooks() {
  return useQuery({ queryKey: integrationKeys.webhooks(), queryFn: getWebhooks });
}

/** Adds an endpoint (the answer holds its signing secret), or with `id` changes its URL, description or events. */
export function useSaveWebhook() {
  return useSaveIntegration<WebhookSave, Webhook>('webhooks');
}
