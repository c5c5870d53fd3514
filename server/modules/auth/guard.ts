import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../lib/http-error';
import { findUserById, type UserWithProfile } from '../users/queries';
import type { Role } from '../users/schema';

declare module 'fastify' {
  interface FastifyRequest {
    auth: UserWithProfile | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * Resolves the bearer token to a current user. The user row is read on every request so that a
 * suspension or password reset (token_version bump) takes effect at once.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<UserWithProfile> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Not authenticated');
  const claims = await ctx.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token');
  const found = await findUserById(ctx.db, claims.sub);
  if (!found || found.user.tokenVersion !== claims.tv) throw unauthorized('Session is no longer valid');
  if (found.user.status === 'suspended') throw unauthorized('Account suspended');
  if (found.user.status === 'pending') throw unauthorized('Account pending approval');
  return found;
}

export function requireAuth(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = await authenticate(ctx, request);
  };
}

export function requireRole(ctx: AppContext, ...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = await authenticate(ctx, request);
    if (!roles.includes(request.auth.user.role)) {
      throw forbidden(roles.length === 1 && roles[0] === 'admin' ? 'Admin access required' : undefined);
    }
  };
}

/** The authenticated user of a route guarded by requireAuth/requireRole. */
export function currentUser(request: FastifyRequest): UserWithProfile {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
