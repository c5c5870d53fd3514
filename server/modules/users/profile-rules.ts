import type { Profile, ProfileStep, Role } from './schema';

type ProfileField = keyof Profile;

/** Fields each role may hold, and which of them onboarding requires, step by step (domain.md: Accounts). */
const ROLE_FIELDS: Record<
  Role,
  { allowed: ProfileField[]; profile: ProfileField[]; payment: ProfileField[] }
> = {
  advertiser: {
    allowed: ['company_name', 'website', 'country', 'billing_address', 'vat_id'],
    profile: ['company_name', 'country'],
    payment: ['billing_address'],
  },
  publisher: {
    allowed: ['display_name', 'country', 'payout_method', 'payout_details', 'tax_id'],
    profile: ['display_name', 'country'],
    payment: ['payout_method', 'payout_details'],
  },
  admin: { allowed: [], profile: [], payment: [] },
};

export function allowedProfileFields(role: Role): readonly ProfileField[] {
  return ROLE_FIELDS[role].allowed;
}

export function missingFields(role: Role, profile: Profile): ProfileField[] {
  const rules = ROLE_FIELDS[role];
  return [...rules.profile, ...rules.payment].filter((f) => profile[f] === null || profile[f] === '');
}

export function missingForStep(role: Role, step: 'profile' | 'payment', profile: Profile): ProfileField[] {
  return ROLE_FIELDS[role][step].filter((f) => profile[f] === null || profile[f] === '');
}

export interface CompletionState {
  step: ProfileStep;
  status: 'incomplete' | 'complete';
  onboardingCompleted: boolean;
}

/** The first step that still misses a required field; `complete` when none does. */
export function completionState(role: Role, profile: Profile): CompletionState {
  if (missingForStep(role, 'profile', profile).length > 0)
    return { step: 'profile', status: 'incomplete', onboardingCompleted: false };
  if (missingForStep(role, 'payment', profile).length > 0)
    return { step: 'payment', status: 'incomplete', onboardingCompleted: false };
  return { step: 'complete', status: 'complete', onboardingCompleted: true };
}
