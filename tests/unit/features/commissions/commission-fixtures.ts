import type { Commission } from '../../../../src/features/commissions/types';

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
    attributed_by: 'click',
    coupon_code: null,
    reason: null,
    rule: 'base',
    on_review: false,
    fraud_score: 0,
    fraud_reasons: [],
    reverses_id: null,
    referral_of: null,
    payout_id: null,
    is_test: false,
    created_at: '2025-03-01T10:00:00.000Z',
    decided_at: null,
    auto_approve_at: '2025-03-31T10:00:00.000Z',
    ...overrides,
  };
}

export { paramsOf, recordQueryParams, type SentRequest } from '../../support/record-query-params';
