import type { IntegrationKind } from '../types';

export const integrationKeys = {
  all: ['integrations'] as const,
  /** the user's webhook endpoints or postbacks (GET /webhooks, GET /publisher-postbacks) */
  list: (kind: IntegrationKind) => [...integrationKeys.all, kind] as const,
  webhooks: () => integrationKeys.list('webhooks'),
  postbacks: () => integrationKeys.list('publisher-postbacks'),
  deliveries: (kind: IntegrationKind, id: string) =>
    [...integrationKeys.list(kind), id, 'deliveries'] as const,
  preview: (campaignId: string | null) => [...integrationKeys.all, 'preview', campaignId] as const,
  campaigns: () => [...integrationKeys.all, 'approved-campaigns'] as const,
};
