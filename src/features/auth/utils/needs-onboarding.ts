import type { User } from '../types';

export function needsOnboarding(
  user: Pick<User, 'onboarding_completed' | 'profile_completion_status'>,
): boolean {
  return !user.onboarding_completed || user.profile_completion_status !== 'complete';
}

export type OnboardingStep = 'profile' | 'payment';

/** The wizard step for the server's profile_completion_step ('registration' starts at the profile). */
export function onboardingStep(user: Pick<User, 'profile_completion_step'>): OnboardingStep {
  return user.profile_completion_step === 'payment' ? 'payment' : 'profile';
}

/** Drops empty strings so optional fields the user left blank are not sent (the server rejects ''). */
export function withoutBlanks<T extends Record<string, unknown>>(
  values: T,
): { [K in keyof T]?: Exclude<T[K], null> } {
  const result: { [K in keyof T]?: Exclude<T[K], null> } = {};
  for (const [key, value] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    if (typeof value === 'string' && value.trim() === '') continue;
    if (value === null || value === undefined) continue;
    result[key] = (typeof value === 'string' ? value.trim() : value) as Exclude<T[keyof T], null>;
  }
  return result;
}
