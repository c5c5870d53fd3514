import type { IntegrationKind } from '../types';

export const integrationKeys = {
  all: ['integrations'] as const,
  webhooks: () => [...integrationKeys.all, 'webhooks'] as const,
  postbacks: () => [...integrationKeys.all, 'publisher-postbacks'] as const,
  deliveries: (kind: IntegrationKind, id: string) =>
    [...integrationKeys.all, kind, id, 'deliveries'] as const,
  preview: (campaignId: string | null) => [...integrationKeys.all, 'preview', campaignId] as const,
  campaigns: () => [...integrationKeys.all, 'approved-campaigns'] as const,
};
