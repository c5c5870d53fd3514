import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { RateLimitRule, RateLimitsConfig } from '../config';
import { HttpError } from './http-error';

type Check = ReturnType<FastifyInstance['createRateLimit']>;

function tooMany(what: string, retryAfterSeconds: number): HttpError {
  const wait = Math.max(1, retryAfterSeconds);
  const when = wait >= 90 ? `${Math.ceil(wait / 60)} minute(s)` : `${wait} second(s)`;
  return new HttpError(429, `${what} Try again in ${when}.`, { 'retry-after': String(wait) });
}

/**
 * One counter of @fastify/rate-limit, used from a handler: `check` refuses a key already at its limit
 * without counting (so only the attempts that matter are counted, e.g. failed logins), `hit` counts one.
 * Both answer 429 with Retry-After once the limit is reached.
 */
export class Limit {
  constructor(
    private readonly counter: Check,
    private readonly message: string,
  ) {}

  async check(request: FastifyRequest): Promise<void> {
    const state = await this.counter(request, { increment: false });
    if (!state.isAllowed && state.remaining === 0 && state.ttl > 0) {
      throw tooMany(this.message, state.ttlInSeconds);
    }
  }

  async hit(request: FastifyRequest): Promise<void> {
    const state = await this.counter(request);
    if (!state.isAllowed && state.isExceeded) throw tooMany(this.message, state.ttlInSeconds);
  }
}

export interface RateLimits {
  /** failed logins per e-mail (locks the account for the window, whatever the address) */
  loginPerEmail: Limit;
  /** failed logins per client address (password spraying across accounts) */
  loginPerAddress: Limit;
  registerPerAddress: Limit;
  forgotPasswordPerEmail: Limit;
  forgotPasswordPerAddress: Limit;
  /** failed reset-password attempts per address */
  resetPasswordPerAddress: Limit;
  /** postbacks refused for a wrong secret or an unknown click, per address */
  postbackFailuresPerAddress: Limit;
}

const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
};

/**
 * Registers @fastify/rate-limit (no global limit: each rule is applied where it belongs) and builds the
 * counters. Addresses come from `request.ip`, so they are only as trustworthy as TRUST_PROXY makes them.
 */
export async function createRateLimits(app: FastifyInstance, config: RateLimitsConfig): Promise<RateLimits> {
  await app.register(fastifyRateLimit, { global: false });
  const byAddress = (name: string) => (request: FastifyRequest) => `${name}|${request.ip}`;
  const byEmail = (name: string) => (request: FastifyRequest) => `${name}|${bodyEmail(request)}`;
  const limit = (rule: RateLimitRule, keyGenerator: (request: FastifyRequest) => string, message: string) =>
    new Limit(app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator }), message);

  return {
    loginPerEmail: limit(
      config.loginPerEmail,
      byEmail('login'),
      'Too many failed login attempts for this account.',
    ),
    loginPerAddress: limit(
      config.loginPerAddress,
      byAddress('login'),
      'Too many failed login attempts from your network.',
    ),
    registerPerAddress: limit(
      config.registerPerAddress,
      byAddress('register'),
      'Too many registrations from your network.',
    ),
    forgotPasswordPerEmail: limit(
      config.forgotPasswordPerEmail,
      byEmail('forgot'),
      'Too many password reset requests for this e-mail.',
    ),
    forgotPasswordPerAddress: limit(
      config.forgotPasswordPerAddress,
      byAddress('forgot'),
      'Too many password reset requests from your network.',
    ),
    resetPasswordPerAddress: limit(
      config.resetPasswordPerAddress,
      byAddress('reset'),
      'Too many failed password resets from your network.',
    ),
    postbackFailuresPerAddress: limit(
      config.postbackFailuresPerAddress,
      byAddress('postback'),
      'Too many refused postbacks from this address.',
    ),
  };
}
