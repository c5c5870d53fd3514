// The e-mail verification gate every module asks: is it on, and has this user confirmed their address?
// The auth module sends and follows the links; applications, payouts and invoices ask here before money moves.
import type { Db } from '../db/connection';
import type { UserRow } from './current-user';
import { forbidden } from './http-error';
import { getSettings, type SettingsRow } from './settings';

/** The admin's choice, or the install's default (config.requireEmailVerification) while they made none. */
export function verificationRequired(
  settings: Pick<SettingsRow, 'requireEmailVerification'>,
  installDefault: boolean,
) {
  return settings.requireEmailVerification ?? installDefault;
}

export async function emailVerificationRequired(db: Db, installDefault: boolean): Promise<boolean> {
  return verificationRequired(await getSettings(db), installDefault);
}

export const isEmailVerified = (user: Pick<UserRow, 'emailVerifiedAt'>): boolean =>
  user.emailVerifiedAt !== null;

/** The answer while the gate is closed, naming the reason and the way out. */
export function unverifiedMessage(email: string, action: string): string {
  return `Confirm your e-mail address before you ${action}: follow the link we sent to ${email}, or ask for a new one`;
}

/** 403 when verification is on and the user has not confirmed their address; `action` says what was refused. */
export async function assertEmailVerified(
  ctx: { db: Db; config: { requireEmailVerification: boolean } },
  user: Pick<UserRow, 'emailVerifiedAt' | 'email'>,
  action: string,
): Promise<void> {
  if (isEmailVerified(user)) return;
  if (!(await emailVerificationRequired(ctx.db, ctx.config.requireEmailVerification))) return;
  throw forbidden(unverifiedMessage(user.email, action));
}
