import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { revokedTokens } from '../db/schema/users';
import { findUserById, type Role, type UserWithProfile } from './current-user';
import { forbidden, unauthorized } from './http-error';

/** What the guard needs of the app context: the database and a way to verify a bearer token. */
export interface GuardContext {
  db: Db;
  tokens: {
    verify(token: string): Promise<{ sub: string; tv: number; jti: string; exp: number } | null>;
  };
}

/** The bearer token a request was authenticated with: signing out revokes it by id. */
export interface RequestSession {
  jti: string;
  /** expiry, seconds since the epoch */
  exp: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: UserWithProfile | null;
    session: RequestSession | null;
  }
}

/** Signed-out tokens (`POST /api/auth/logout`) are listed until they would have expired anyway. */
async function isTokenRevoked(db: Db, jti: string): Promise<boolean> {
  const [row] = await db
    .select({ jti: revokedTokens.jti })
    .from(revokedTokens)
    .where(eq(revokedTokens.jti, jti))
    .limit(1);
  return row !== undefined;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Resolves the bearer token to a current user. The user row is read on every request so that a
 * suspension or password change (token_version bump) or a sign-out (revoked token id) takes effect at once.
 */
export async function authenticate(
  ctx: GuardContext,
  request: FastifyRequest,
): Promise<{ found: UserWithProfile; session: RequestSession }> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Not authenticated');
  const claims = await ctx.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token');
  const [found, revoked] = await Promise.all([
    findUserById(ctx.db, claims.sub),
    isTokenRevoked(ctx.db, claims.jti),
  ]);
  if (!found || found.user.tokenVersion !== claims.tv || revoked) {
    throw unauthorized('Session is no longer valid');
  }
  if (found.user.status === 'suspended') throw unauthorized('Account suspended');
  if (found.user.status === 'pending') throw unauthorized('Account pending approval');
  return { found, session: { jti: claims.jti, exp: claims.exp } };
}

/**
 * Guards run in `onRequest`, before the body is parsed or validated: an anonymous caller learns nothing
 * of a route's field rules, and never gets a 400/422 where a 401 is due.
 */
export function requireAuth(ctx: GuardContext): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const { found, session } = await authenticate(ctx, request);
    request.auth = found;
    request.session = session;
  };
}

export function requireRole(ctx: GuardContext, ...roles: Role[]): onRequestAsyncHookHandler {
  const authed = requireAuth(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await authed.call(request.server, request, reply);
    if (!roles.includes(currentUser(request).user.role)) {
      throw forbidden(roles.length === 1 && roles[0] === 'admin' ? 'Admin access required' : undefined);
    }
  };
}

/** The authenticated user of a route guarded by requireAuth/requireRole. */
export function currentUser(request: FastifyRequest): UserWithProfile {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The token of a route guarded by requireAuth/requireRole. */
export function currentSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
