import type { User } from '../../../src/features/auth/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    role: 'advertiser',
    status: 'active',
    onboarding_completed: true,
    profile_completion_status: 'complete',
    profile_completion_step: 'complete',
    preferred_currency: null,
    language: 'en',
    email_verified: true,
    profile: {
      company_name: null,
      website: null,
      billing_address: null,
      vat_id: null,
      display_name: null,
      payout_method: null,
      payout_details: null,
      tax_id: null,
      country: null,
    },
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
