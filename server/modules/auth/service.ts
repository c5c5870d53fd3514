import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../platform/db-errors';
import { passwordResetTokens } from '../../db/schema/users';
import { badRequest, conflict, forbidden, HttpError, unprocessable } from '../../platform/http-error';
import { audit } from '../../platform/audit';
import { getSettings } from '../../platform/settings';
import { findUserByEmail, findUserById, type UserWithProfile } from '../../platform/current-user';
import { translate } from '../../platform/i18n';
import type { Role, UserLanguage } from '../../../contracts/users';
import type { ProfileFields } from '../users/service';
import {
  allowedProfileFields,
  bumpTokenVersion,
  completionState,
  insertUser,
  missingForStep,
  profileFromRow,
  profilePatch,
  saveProfile,
  toUserResponse,
  updateUser,
} from '../users/service';
import { recordReferral, referrerForSignUp } from '../referrals/service';
import { hashPassword, verifyPassword } from './password';
import { assertStrongPassword } from './password-strength';
import type {
  completeProfileBody,
  loginBody,
  registerBody,
  registerSimplifiedBody,
  resetPasswordBody,
  updateProfileBody,
} from './schema';
import { claimLinkToken, hashToken } from './link-tokens';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const RESET_LINK_MESSAGES = {
  invalid: 'Invalid password reset link',
  used: 'This password reset link has already been used',
  expired: 'This password reset link has expired',
};
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, a password reset link has been sent.';
export const RESET_PASSWORD_MESSAGE = 'Your password has been reset. You can now log in.';
export const PENDING_APPROVAL_MESSAGE =
  'Your account has been created and is waiting for approval by an administrator.';

const PROFILE_KEYS = [
  'company_name',
  'website',
  'billing_address',
  'vat_id',
  'display_name',
  'payout_method',
  'payout_details',
  'tax_id',
  'country',
] as const satisfies readonly (keyof ProfileFields)[];

function pickProfileFields(input: ProfileFields): ProfileFields {
  const out: Record<string, unknown> = {};
  for (const key of PROFILE_KEYS) if (input[key] !== undefined) out[key] = input[key];
  return out as ProfileFields;
}

/** Refuses profile fields that belong to the other role, so nothing is silently dropped. */
function assertFieldsFitRole(role: Role, fields: ProfileFields): void {
  const allowed = allowedProfileFields(role);
  const foreign = Object.keys(fields).filter((k) => !allowed.includes(k as (typeof allowed)[number]));
  if (foreign.length > 0) throw unprocessable(`${foreign.join(', ')} does not apply to a ${role} account`);
}

async function issueToken(ctx: AppContext, found: UserWithProfile) {
  const access_token = await ctx.tokens.sign({
    sub: found.user.id,
    role: found.user.role,
    tv: found.user.tokenVersion,
  });
  return { access_token, token_type: 'bearer' as const, user: toUserResponse(found) };
}

async function createAccount(
  ctx: AppContext,
  input: {
    email: string;
    password: string;
    name: string;
    role: 'advertiser' | 'publisher';
    fields: ProfileFields;
    referralCode?: string;
    language?: UserLanguage | undefined;
  },
) {
  assertFieldsFitRole(input.role, input.fields);
  assertStrongPassword(input.password, [input.email, input.name], 'password');
  if (await findUserByEmail(ctx.db, input.email)) throw conflict('Email already registered');
  const referrerId = await referrerForSignUp(ctx.db, input.referralCode, input.role);
  const settings = await getSettings(ctx.db);
  const passwordHash = await hashPassword(input.password);
  const state = completionState(input.role, { ...profileFromRow(null), ...input.fields });
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const row = await insertUser(
        tx,
        {
          email: input.email,
          passwordHash,
          role: input.role,
          name: input.name,
          ...(input.language ? { language: input.language } : {}),
          status: settings.registrationRequiresApproval ? 'pending' : 'active',
          profileCompletionStep: state.step,
          profileCompletionStatus: state.status,
          onboardingCompleted: state.onboardingCompleted,
        },
        profilePatch(input.fields),
      );
      if (referrerId) await recordReferral(tx, referrerId, row.user.id);
      await audit(tx, {
        actorId: row.user.id,
        action: 'user.registered',
        entityType: 'user',
        entityId: row.user.id,
        after: { role: row.user.role, status: row.user.status },
      });
      return row;
    });
    if (created.user.status === 'pending') {
      return {
        status: 201 as const,
        body: { message: PENDING_APPROVAL_MESSAGE, user: toUserResponse(created) },
      };
    }
    return { status: 201 as const, body: await issueToken(ctx, created) };
  } catch (err) {
    // two concurrent registrations of one e-mail: the unique index decides
    if (isUniqueViolation(err)) throw conflict('Email already registered');
    throw err;
  }
}

export function register(ctx: AppContext, body: z.output<typeof registerBody>) {
  const { email, password, name, role, referral_code, language, ...rest } = body;
  return createAccount(ctx, {
    email,
    password,
    name,
    role,
    language,
    fields: pickProfileFields(rest),
    referralCode: referral_code,
  });
}

export function registerSimplified(ctx: AppContext, body: z.output<typeof registerSimplifiedBody>) {
  const name = body.email.split('@')[0] ?? '';
  return createAccount(ctx, {
    email: body.email,
    password: body.password,
    name,
    role: body.role,
    fields: {},
    referralCode: body.referral_code,
    language: body.language,
  });
}

/** A password that did not match (login, or the profile's current password): the routes count these. */
export class WrongPasswordError extends HttpError {}

/** Checks the password; the route counts failures against the login limits. */
export async function login(ctx: AppContext, body: z.output<typeof loginBody>) {
  const found = await findUserByEmail(ctx.db, body.email);
  // verify against a dummy hash when the user is unknown, so timing does not reveal which e-mails exist
  const ok = await verifyPassword(found?.user.passwordHash ?? DUMMY_HASH, body.password);
  if (!found || !ok) throw new WrongPasswordError(401, 'Invalid email or password');
  if (found.user.status === 'suspended') throw forbidden('Your account has been suspended');
  if (found.user.status === 'pending')
    throw forbidden('Your account is waiting for approval by an administrator');
  return issueToken(ctx, found);
}

const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3wFq3Oo3Zb+G8pM6uDC0y6Zwq6nq3oH2cGm3E3wTuGo';

export async function completeProfile(
  ctx: AppContext,
  current: UserWithProfile,
  body: z.output<typeof completeProfileBody>,
) {
  const { name, ...rest } = body;
  const fields = pickProfileFields(rest);
  assertFieldsFitRole(current.user.role, fields);
  const step = current.user.profileCompletionStep;
  if (step === 'profile' || step === 'payment') {
    const merged = { ...profileFromRow(current.profile), ...fields };
    const missing = missingForStep(current.user.role, step, merged);
    if (missing.length > 0) {
      throw unprocessable(`Missing required fields for the ${step} step: ${missing.join(', ')}`);
    }
  }
  const saved = await saveProfile(ctx.db, current, fields, name !== undefined ? { name } : {});
  return toUserResponse(saved);
}

/**
 * Saves profile fields, the preferred currency and a new password. A password change signs out every
 * session, the caller's included, and hands back a fresh token for the caller (`access_token`).
 */
export async function updateProfile(
  ctx: AppContext,
  current: UserWithProfile,
  body: z.output<typeof updateProfileBody>,
) {
  const { name, preferred_currency, language, current_password, new_password, ...rest } = body;
  const fields = pickProfileFields(rest);
  assertFieldsFitRole(current.user.role, fields);
  const userPatch: {
    name?: string;
    preferredCurrency?: string | null;
    language?: UserLanguage;
    passwordHash?: string;
  } = {};
  if (name !== undefined) userPatch.name = name;
  if (preferred_currency !== undefined) userPatch.preferredCurrency = preferred_currency;
  if (language !== undefined) userPatch.language = language;
  if (new_password !== undefined) {
    if (!current_password) throw unprocessable('current_password is required to set a new password');
    if (!(await verifyPassword(current.user.passwordHash, current_password))) {
      throw new WrongPasswordError(400, 'Current password is incorrect');
    }
    assertStrongPassword(new_password, [current.user.email, name ?? current.user.name], 'new_password');
    userPatch.passwordHash = await hashPassword(new_password);
  }
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await saveProfile(tx, current, fields, userPatch);
    if (userPatch.passwordHash === undefined) return row;
    const tokenVersion = await bumpTokenVersion(tx, row.user.id);
    await audit(tx, {
      actorId: row.user.id,
      action: 'user.password_changed',
      entityType: 'user',
      entityId: row.user.id,
    });
    return { ...row, user: { ...row.user, tokenVersion } };
  });
  if (userPatch.passwordHash === undefined) return toUserResponse(saved);
  const { access_token, user } = await issueToken(ctx, saved);
  return { ...user, access_token };
}

/**
 * Stores a new single-use set-password token (hashed) and returns it in the clear for the e-mailed link.
 * A new link replaces any earlier one still unused. Run it inside a transaction. Also used for admin invites.
 */
export async function createPasswordToken(db: Db, userId: string, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** The page where a reset or invite token sets the password. */
export function setPasswordLink(ctx: AppContext, origin: string, token: string): string {
  return `${ctx.config.appUrl ?? origin}/reset-password?token=${token}`;
}

export async function forgotPassword(ctx: AppContext, email: string, origin: string): Promise<void> {
  const found = await findUserByEmail(ctx.db, email);
  if (!found || found.user.status === 'suspended') return;
  const token = await ctx.db.transaction((tx) => createPasswordToken(tx, found.user.id, RESET_TOKEN_TTL_MS));
  const link = setPasswordLink(ctx, origin, token);
  const { language } = found.user;
  await ctx.mailer.send({
    to: found.user.email,
    subject: translate(language, 'mail:reset.subject'),
    text: translate(language, 'mail:reset.text', { name: found.user.name || found.user.email, link }),
  });
}

export async function resetPassword(
  ctx: AppContext,
  body: z.output<typeof resetPasswordBody>,
): Promise<void> {
  await claimLinkToken(ctx.db, passwordResetTokens, body.token, RESET_LINK_MESSAGES, async (row) => {
    const owner = await findUserById(ctx.db, row.userId);
    if (!owner) throw badRequest(RESET_LINK_MESSAGES.invalid);
    assertStrongPassword(body.new_password, [owner.user.email, owner.user.name], 'new_password');
    const passwordHash = await hashPassword(body.new_password);
    return async (tx) => {
      // the link came by e-mail: following it proves the address as a confirmation link would
      await updateUser(tx, row.userId, {
        passwordHash,
        emailVerifiedAt: owner.user.emailVerifiedAt ?? new Date(),
      });
      // signs out every existing session
      await bumpTokenVersion(tx, row.userId);
      await audit(tx, {
        actorId: row.userId,
        action: 'user.password_reset',
        entityType: 'user',
        entityId: row.userId,
      });
    };
  });
}

// For admin, which creates users with a password under the same strength rule.
export { hashPassword } from './password';
export { assertStrongPassword } from './password-strength';
