import type { Db } from '../../db/connection';
import type { CurrencyCode } from '../../platform/currency-codes';
import type { UserLanguage } from '../../../contracts/users';
import { completionState } from './profile-rules';
import { updateUser, upsertProfile, type ProfilePatch } from './queries';
import { type ProfileRow, type UserWithProfile } from '../../platform/current-user';
import type { Profile, ProfileFields, User } from './schema';

export function profileFromRow(row: ProfileRow | null): Profile {
  return {
    company_name: row?.companyName ?? null,
    website: row?.website ?? null,
    billing_address: row?.billingAddress ?? null,
    vat_id: row?.vatId ?? null,
    display_name: row?.displayName ?? null,
    payout_method: row?.payoutMethod ?? null,
    payout_details: row?.payoutDetails ?? null,
    tax_id: row?.taxId ?? null,
    country: row?.country ?? null,
  };
}

export function profilePatch(fields: ProfileFields): ProfilePatch {
  const patch: ProfilePatch = {};
  if (fields.company_name !== undefined) patch.companyName = fields.company_name;
  if (fields.website !== undefined) patch.website = fields.website;
  if (fields.billing_address !== undefined) patch.billingAddress = fields.billing_address;
  if (fields.vat_id !== undefined) patch.vatId = fields.vat_id;
  if (fields.display_name !== undefined) patch.displayName = fields.display_name;
  if (fields.payout_method !== undefined) patch.payoutMethod = fields.payout_method;
  if (fields.payout_details !== undefined) patch.payoutDetails = fields.payout_details;
  if (fields.tax_id !== undefined) patch.taxId = fields.tax_id;
  if (fields.country !== undefined) patch.country = fields.country;
  return patch;
}

export function toUserResponse({ user, profile }: UserWithProfile): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    onboarding_completed: user.onboardingCompleted,
    profile_completion_status: user.profileCompletionStatus,
    profile_completion_step: user.profileCompletionStep,
    preferred_currency: (user.preferredCurrency as CurrencyCode | null) ?? null,
    language: user.language,
    email_verified: user.emailVerifiedAt !== null,
    profile: profileFromRow(profile),
    created_at: user.createdAt.toISOString(),
  };
}

/** Writes profile fields and recomputes the onboarding state from what is now filled in. */
export async function saveProfile(
  db: Db,
  current: UserWithProfile,
  fields: ProfileFields,
  userPatch: {
    name?: string;
    preferredCurrency?: string | null;
    language?: UserLanguage;
    passwordHash?: string;
  } = {},
): Promise<UserWithProfile> {
  const profile = await upsertProfile(db, current.user.id, profilePatch(fields));
  const state = completionState(current.user.role, profileFromRow(profile));
  const user = await updateUser(db, current.user.id, {
    ...userPatch,
    profileCompletionStep: state.step,
    profileCompletionStatus: state.status,
    onboardingCompleted: state.onboardingCompleted,
  });
  return { user, profile };
}

// For auth and admin, which create users, change them and revoke their tokens.
export { bumpTokenVersion, countUsers, insertUser, updateUser, type ProfilePatch } from './queries';
// the user's wire shapes, for the modules that answer with a user or take profile fields (auth, admin)
export { profileFieldsSchema, profileSchema, roleSchema, userSchema, type ProfileFields } from './schema';
export { allowedProfileFields, completionState, missingFields, missingForStep } from './profile-rules';
