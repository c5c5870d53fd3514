// The single-use links the auth module mails (password reset, e-mail confirmation): only a token's SHA-256 is
// stored, so a leaked table does not open accounts.
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import type { emailVerificationTokens, passwordResetTokens } from '../../db/schema/users';
import { badRequest } from '../../platform/http-error';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

type LinkTokenTable = typeof passwordResetTokens | typeof emailVerificationTokens;

/** What a link that does not work answers (a 400 each), in the words of the page it opens. */
export interface LinkTokenMessages {
  invalid: string;
  used: string;
  expired: string;
}

/**
 * Follows a single-use link. A garbage, used or expired token is a 400 that changes nothing. `prepare` makes
 * the checks that need no transaction (the owner, a new password; throwing there leaves the link unused) and
 * answers the write the link is for, which runs in one transaction with the claim: the claim flips `used_at`
 * only while it is unset, so of two requests racing with one link only one goes on.
 */
export async function claimLinkToken<T extends LinkTokenTable>(
  db: Db,
  table: T,
  token: string,
  messages: LinkTokenMessages,
  prepare: (row: T['$inferSelect']) => Promise<(tx: Db) => Promise<void>>,
): Promise<void> {
  const tokens = table as LinkTokenTable;
  const [row] = await db.select().from(tokens).where(eq(tokens.tokenHash, hashToken(token)));
  if (!row) throw badRequest(messages.invalid);
  if (row.usedAt) throw badRequest(messages.used);
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest(messages.expired);
  const use = await prepare(row as T['$inferSelect']);
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(tokens)
      .set({ usedAt: new Date() })
      .where(and(eq(tokens.id, row.id), isNull(tokens.usedAt)))
      .returning({ id: tokens.id });
    if (claimed.length === 0) throw badRequest(messages.used);
    await use(tx);
  });
}
