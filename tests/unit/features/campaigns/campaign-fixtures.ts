import type { Campaign } from '../../../../src/features/campaigns/types';

let sequence = 0;

export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  sequence += 1;
  return {
    id: `c-${sequence}`,
    advertiser_id: 'u-1',
    name: `Campaign ${sequence}`,
    description: 'Sell more shoes',
    category: 'fashion',
    status: 'active',
    landing_url: 'https://shop.example.com',
    currency: 'EUR',
    commission_model: 'cpa',
    payout_minor: 1000,
    revshare_bps: null,
    tiers: [],
    publisher_overrides: [],
    budget_minor: null,
    daily_cap_minor: null,
    attribution_days: 30,
    approval_mode: 'manual',
    allowed_countries: [],
    starts_at: null,
    ends_at: null,
    terms: '',
    creative_ids: [],
    pixel_enabled: false,
    publisher_caps: {
      daily_conversions: null,
      monthly_conversions: null,
      daily_commission_minor: null,
      monthly_commission_minor: null,
    },
    max_order_minor: null,
    deep_link_hosts: ['shop.example.com'],
    recurring: null,
    tracking_secret: 'secret-abc',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
