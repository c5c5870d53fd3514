import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifyRequest,
  RawServerDefault,
} from 'fastify';
import { API_KEY_PREFIX, type ApiKeyResource, type ApiKeyScope } from '../../contracts/api-keys';
import { forbidden } from './http-error';

// What an API key (`Authorization: Bearer afk_…`) may reach. The platform knows the rules; the api-keys
// module owns the keys and hands the guard a verifier (server/app.ts), so this layer imports no module.

/**
 * Which API keys a route takes, declared in its config (`config: { apiKey: 'campaigns' }`) or for a whole
 * module where app.ts registers it (`forApiKeys('campaigns', campaignRoutes)`):
 * - a resource: keys without resource limits, or limited to a list naming it;
 * - `general`: a route of no one resource (notifications, search…): keys without resource limits;
 * - `never`: no key at all (managing keys, password and e-mail, admin user management). Undeclared routes
 *   count as `never`, so a new route is closed to keys until someone decides otherwise.
 */
export type ApiKeyAccess = ApiKeyResource | 'general' | 'never';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route's own declaration */
    apiKey?: ApiKeyAccess;
    /** its module's (forApiKeys; the innermost wins) */
    apiKeyModule?: ApiKeyAccess;
  }
  interface FastifyRequest {
    /** the API key a request authenticated with; null for a signed-in session or an anonymous call */
    apiKey: ApiKeyGrant | null;
  }
}

/** A live key as the guard sees it: whose it is and what it may do. */
export interface ApiKeyGrant {
  id: string;
  userId: string;
  scope: ApiKeyScope;
  /** empty: not limited */
  resources: ApiKeyResource[];
}

/** Implemented by the api-keys module; injected into the app context by server/app.ts. */
export interface ApiKeyVerifier {
  /** the key's grant, or null when no live key has this secret (unknown, revoked or expired) */
  verify(secret: string): Promise<ApiKeyGrant | null>;
  /** remembers the key's last use (time and address); cheap, never waited for */
  touch(grant: ApiKeyGrant, address: string): void;
}

export const isApiKeySecret = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The route's declaration (its own config, else its module's). */
export function apiKeyAccessOf(request: FastifyRequest): ApiKeyAccess {
  const config = request.routeOptions.config;
  return config.apiKey ?? config.apiKeyModule ?? 'never';
}

const WRITE_FREE = new Set(['GET', 'HEAD']);

/**
 * Refuses (403, naming the missing scope) a call the key's scope does not cover. `write` forces the full
 * scope on a route whose method does not say it (a GET postback records a conversion).
 */
export function assertKeyCovers(
  grant: ApiKeyGrant,
  access: ApiKeyAccess,
  method: string,
  write = false,
): void {
  if (access === 'never') {
    throw forbidden(
      'API keys cannot be used here: managing API keys, the password or e-mail and admin user management need a signed-in session',
    );
  }
  if (grant.scope === 'read' && (write || !WRITE_FREE.has(method))) {
    throw forbidden('This API key is missing the "full" scope: it is read-only (GET requests only)');
  }
  if (grant.resources.length === 0) return;
  const limitedTo = grant.resources.join(', ');
  if (access === 'general') {
    throw forbidden(
      `This API key is limited to ${limitedTo}: this route belongs to no single resource and needs a key without resource limits`,
    );
  }
  if (!grant.resources.includes(access)) {
    throw forbidden(`This API key is missing the "${access}" scope (it is limited to ${limitedTo})`);
  }
}

/**
 * Declares the API-key access of every route a plugin registers: server/app.ts says once per module which
 * resource it belongs to; a part of a module may say otherwise (the innermost declaration wins), and a
 * route's own `config.apiKey` wins over both.
 */
export function forApiKeys<Options extends FastifyPluginOptions>(
  access: ApiKeyAccess,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whichever type provider the plugin uses
  plugin: FastifyPluginAsync<Options, RawServerDefault, any>,
): FastifyPluginAsync<Options> {
  return async (app: FastifyInstance, options: Options) => {
    // onRoute hooks run outermost first, so an inner declaration overwrites an outer one
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, apiKeyModule: access };
    });
    await app.register(plugin, options);
  };
}
