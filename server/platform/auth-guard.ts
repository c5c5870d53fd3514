import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { revokedTokens } from '../db/schema/users';
import {
  apiKeyAccessOf,
  assertKeyCovers,
  isApiKeySecret,
  type ApiKeyAccess,
  type ApiKeyVerifier,
} from './api-key-access';
import { findUserById, type Role, type UserWithProfile } from './current-user';
import { forbidden, unauthorized } from './http-error';
import type { Limit } from './rate-limits';

/**
 * What the guard needs of the app context: the database, a way to verify a bearer token, and for API keys
 * (`afk_…`) their verifier (injected by server/app.ts) and their per-key request limit.
 */
export interface GuardContext {
  db: Db;
  tokens: {
    verify(token: string): Promise<{ sub: string; tv: number; jti: string; exp: number } | null>;
  };
  apiKeys?: ApiKeyVerifier;
  limits: { apiKeyRequests: Limit };
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

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function assertUsable(found: UserWithProfile): void {
  if (found.user.status === 'suspended') throw unauthorized('Account suspended');
  if (found.user.status === 'pending') throw unauthorized('Account pending approval');
}

/**
 * Resolves an API key to its owner, within what the key covers for this route (`access`; `write` when the
 * route changes something whatever its method). Like a session, the owner is read on every request: a
 * suspended owner's keys stop at once. Each use counts against the key's own rate limit.
 */
export async function authenticateApiKey(
  ctx: GuardContext,
  request: FastifyRequest,
  secret: string,
  access: ApiKeyAccess = apiKeyAccessOf(request),
  write = false,
): Promise<UserWithProfile> {
  const grant = ctx.apiKeys ? await ctx.apiKeys.verify(secret) : null;
  if (!grant) throw unauthorized('Invalid API key: unknown, revoked or expired');
  request.apiKey = grant;
  await ctx.limits.apiKeyRequests.hit(request);
  const found = await findUserById(ctx.db, grant.userId);
  if (!found) throw unauthorized('Invalid API key: unknown, revoked or expired');
  assertUsable(found);
  assertKeyCovers(grant, access, request.method, write);
  ctx.apiKeys?.touch(grant, request.ip);
  return found;
}

/**
 * Resolves the bearer token (a session token, or an API key) to a current user. The user row is read on
 * every request so that a suspension or password change (token_version bump) or a sign-out (revoked token
 * id) takes effect at once.
 */
export async function authenticate(
  ctx: GuardContext,
  request: FastifyRequest,
): Promise<{ found: UserWithProfile; session: RequestSession | null }> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Not authenticated');
  if (isApiKeySecret(token)) return { found: await authenticateApiKey(ctx, request, token), session: null };
  const claims = await ctx.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token');
  const [found, revoked] = await Promise.all([
    findUserById(ctx.db, claims.sub),
    isTokenRevoked(ctx.db, claims.jti),
  ]);
  if (!found || found.user.tokenVersion !== claims.tv || revoked) {
    throw unauthorized('Session is no longer valid');
  }
  assertUsable(found);
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

/** The session token of a route guarded by requireAuth/requireRole (none for an API key). */
export function currentSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthorized();
  return request.session;
}
