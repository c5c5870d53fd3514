import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach } from 'vitest';
import type { Commission } from '../../../../src/features/commissions/types';
import { api } from '../../../../src/lib/api-client';

let sequence = 0;

export function makeCommission(overrides: Partial<Commission> = {}): Commission {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    kind: 'conversion',
    status: 'pending',
    amount_minor: 1500,
    currency: 'EUR',
    campaign_id: 'c-1',
    campaign_name: 'Shoes',
    advertiser_id: 'adv-1',
    publisher_id: 'pub-1',
    publisher_name: 'Paula',
    website_id: 'w-1',
    conversion_id: `conv-${sequence}`,
    click_id: `click-${sequence}`,
    order_id: `A-${sequence}`,
    event: 'sale',
    sale_amount_minor: 10000,
    client_reported: false,
    reason: null,
    rule: 'base',
    reverses_id: null,
    payout_id: null,
    is_test: false,
    created_at: '2025-03-01T10:00:00.000Z',
    decided_at: null,
    auto_approve_at: '2025-03-31T10:00:00.000Z',
    ...overrides,
  };
}

export interface SentRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
}

/** The fake server sees paths only; this records each request's axios `params` (call it at file level). */
export function recordQueryParams(): SentRequest[] {
  const sent: SentRequest[] = [];
  let id: number | undefined;
  beforeEach(() => {
    sent.length = 0;
    id = api.interceptors.request.use((config: InternalAxiosRequestConfig) => {
      sent.push({
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        params: { ...(config.params as Record<string, unknown> | undefined) },
      });
      return config;
    });
  });
  afterEach(() => {
    if (id !== undefined) api.interceptors.request.eject(id);
  });
  return sent;
}

export const paramsOf = (sent: SentRequest[], method: string, url: string) =>
  sent.filter((r) => r.method === method && r.url === url).map((r) => r.params);
