import type { Eligibility, EligibilityBalance, Payout } from '../../../../src/features/payouts/types';

let sequence = 0;

export function makePayout(overrides: Partial<Payout> = {}): Payout {
  sequence += 1;
  return {
    id: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    publisher_id: 'pub-1',
    publisher_name: 'Paula Pereira',
    publisher_email: 'paula@publisher.test',
    status: 'requested',
    amount_minor: 6000,
    currency: 'EUR',
    commission_count: 3,
    payout_method: 'paypal',
    payout_details: 'paula@paypal.example',
    reference: null,
    failure_reason: null,
    created_at: '2025-03-01T10:00:00.000Z',
    approved_at: null,
    paid_at: null,
    failed_at: null,
    ...overrides,
  };
}

export function makeBalance(overrides: Partial<EligibilityBalance> = {}): EligibilityBalance {
  return {
    currency: 'EUR',
    available_minor: 6000,
    minimum_minor: 4250,
    missing_minor: 0,
    open_payout: null,
    can_request: true,
    blocked_reason: null,
    ...overrides,
  };
}

export function makeEligibility(balances: EligibilityBalance[], hasMethod = true): Eligibility {
  return { has_payout_method: hasMethod, min_payout_minor: 5000, min_payout_currency: 'USD', balances };
}

export { paramsOf, recordQueryParams } from '../../support/record-query-params';
