// Confirming an account's e-mail address: a single-use, expiring link mailed at registration (and again on
// request); only the token's SHA-256 is stored, as for password resets.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { emailVerificationTokens } from '../../db/schema/users';
import { audit } from '../../platform/audit';
import { findUserById, type UserRow } from '../../platform/current-user';
import { emailVerificationRequired, isEmailVerified } from '../../platform/email-verification';
import { badRequest, conflict } from '../../platform/http-error';
import { translate } from '../../platform/i18n';
import { updateUser } from '../users/service';
import { claimLinkToken, hashToken } from './link-tokens';

export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
export const EMAIL_VERIFIED_MESSAGE = 'Your e-mail address is confirmed.';
export const VERIFICATION_SENT_MESSAGE = 'We sent a new confirmation link to your e-mail address.';

const INVALID = 'Invalid e-mail confirmation link';
const LINK_MESSAGES = {
  invalid: INVALID,
  used: 'This e-mail confirmation link has already been used',
  expired: 'This e-mail confirmation link has expired: ask for a new one',
};

/** The page that confirms the address (it posts the token to /api/auth/verify-email). */
export function verifyEmailLink(ctx: AppContext, origin: string, token: string): string {
  return `${ctx.config.appUrl ?? origin}/verify-email?token=${token}`;
}

/** A new link for the user's current address; earlier unused links stop working. */
async function createVerificationToken(ctx: AppContext, user: UserRow): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt)));
    await tx.insert(emailVerificationTokens).values({
      userId: user.id,
      email: user.email.toLowerCase(),
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    });
  });
  return token;
}

export async function sendVerificationMail(ctx: AppContext, user: UserRow, origin: string): Promise<void> {
  const link = verifyEmailLink(ctx, origin, await createVerificationToken(ctx, user));
  await ctx.mailer.send({
    to: user.email,
    subject: translate(user.language, 'mail:verify.subject'),
    text: translate(user.language, 'mail:verify.text', { name: user.name || user.email, link }),
  });
}

/**
 * After a registration: the confirmation mail, while verification is required (an install that does not
 * ask for it sends none; the user can still ask for a link once an admin turns it on).
 */
export async function afterRegistration(ctx: AppContext, userId: string, origin: string): Promise<void> {
  if (!(await emailVerificationRequired(ctx.db, ctx.config.requireEmailVerification))) return;
  const found = await findUserById(ctx.db, userId);
  if (found && !isEmailVerified(found.user)) await sendVerificationMail(ctx, found.user, origin);
}

/** The signed-in user's "send the link again"; the route rate-limits it per account. */
export async function resendVerification(ctx: AppContext, user: UserRow, origin: string): Promise<void> {
  if (isEmailVerified(user)) throw conflict('Your e-mail address is already confirmed');
  await sendVerificationMail(ctx, user, origin);
}

/**
 * Follows a link: confirms the address of the account the token was made for (whoever sends it), once.
 * A garbage, used or expired token, or one sent to an address the account no longer has, is a 400 that
 * changes nothing.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  await claimLinkToken(ctx.db, emailVerificationTokens, token, LINK_MESSAGES, async (row) => {
    const owner = await findUserById(ctx.db, row.userId);
    if (!owner || owner.user.email.toLowerCase() !== row.email) throw badRequest(INVALID);
    return async (tx) => {
      if (isEmailVerified(owner.user)) return;
      await updateUser(tx, row.userId, { emailVerifiedAt: new Date() });
      await audit(tx, {
        actorId: row.userId,
        action: 'user.email_verified',
        entityType: 'user',
        entityId: row.userId,
        after: { email: row.email },
      });
    };
  });
}
