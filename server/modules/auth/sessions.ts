import { lt } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { revokedTokens } from '../../db/schema/users';
import { bumpTokenVersion } from '../users/service';

/**
 * Signs out one token (`POST /api/auth/logout`). The row lives until the token would have expired anyway;
 * expired rows are pruned here, so the table holds only tokens that could still be presented.
 */
export async function revokeToken(
  db: Db,
  session: { jti: string; exp: number },
  userId: string,
  now = new Date(),
): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
  await db
    .insert(revokedTokens)
    .values({ jti: session.jti, userId, expiresAt: new Date(session.exp * 1000) })
    .onConflictDoNothing();
}

/** Signs out every token of the user at once (sign out everywhere, password change). */
export async function revokeAllTokens(db: Db, userId: string): Promise<void> {
  await bumpTokenVersion(db, userId);
}
