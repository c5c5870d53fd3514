import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { RateLimitRule, RateLimitsConfig } from '../config';
import type { Db } from '../db/connection';
import { HttpError } from './http-error';
import { startIntervalJob } from './interval-job';
import { PgRateLimitCounters, rateLimitStoreOver } from './rate-limit-store';

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

/**
 * The addresses each account signed in from successfully (kept 30 days, in memory like the counters): they
 * stay open while the account's own limit refuses the addresses a guesser sprays from.
 */
export class KnownAddresses {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 30 * 24 * 60 * 60 * 1000,
    private readonly maxEntries = 100_000,
  ) {}

  remember(account: string, address: string, now = Date.now()): void {
    const key = `${account}|${address}`;
    this.seen.delete(key); // re-inserted last: the map's order is the order of last use
    this.seen.set(key, now + this.ttlMs);
    if (this.seen.size > this.maxEntries) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }

  has(account: string, address: string, now = Date.now()): boolean {
    const key = `${account}|${address}`;
    const until = this.seen.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.seen.delete(key);
    return false;
  }
}

export interface RateLimits {
  /**
   * failed logins (and wrong current passwords in the profile) per account and address: locks the account
   * on that address only, so nobody can lock an owner out by failing on purpose elsewhere
   */
  loginPerAccountAndAddress: Limit;
  /**
   * failed logins per account from every address (a guesser spraying from many): once reached, the account
   * signs in only from the addresses it signed in from before (`knownAddresses`)
   */
  loginPerAccount: Limit;
  knownAddresses: KnownAddresses;
  /** failed logins per client address (password spraying across accounts) */
  loginPerAddress: Limit;
  registerPerAddress: Limit;
  forgotPasswordPerEmail: Limit;
  forgotPasswordPerAddress: Limit;
  /** failed reset-password attempts per address */
  resetPasswordPerAddress: Limit;
  /** confirmation mails sent again, per signed-in account */
  resendVerificationPerAccount: Limit;
  /** postbacks refused for a wrong secret or an unknown click, per address */
  postbackFailuresPerAddress: Limit;
  /** requests per API key (each key its own budget, whichever address it calls from) */
  apiKeyRequests: Limit;
}

const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
};

/** The account a password attempt is for: the signed-in user's (profile), else the e-mail sent (login). */
export const attemptAccount = (request: FastifyRequest): string =>
  request.auth ? request.auth.user.email.toLowerCase() : bodyEmail(request);

/**
 * Registers @fastify/rate-limit (no global limit: each rule is applied where it belongs) and builds the
 * counters. Addresses come from `request.ip`, so they are only as trustworthy as TRUST_PROXY makes them.
 * With `shared` (PostgreSQL) the counters live in the database, so several instances behind one proxy count
 * together instead of each allowing the full limit; otherwise (PGlite, one process) they stay in memory.
 */
export async function createRateLimits(
  app: FastifyInstance,
  config: RateLimitsConfig,
  shared?: Db,
): Promise<RateLimits> {
  if (shared) {
    const counters = new PgRateLimitCounters(shared);
    await app.register(fastifyRateLimit, { global: false, store: rateLimitStoreOver(counters) });
    startIntervalJob(app, {
      name: 'rate-limit counter pruning',
      intervalMs: 60_000,
      firstDelayMs: 60_000,
      run: async () => void (await counters.prune()),
    });
  } else {
    await app.register(fastifyRateLimit, { global: false });
  }
  const byAddress = (name: string) => (request: FastifyRequest) => `${name}|${request.ip}`;
  const byEmail = (name: string) => (request: FastifyRequest) => `${name}|${bodyEmail(request)}`;
  const limit = (
    rule: RateLimitRule,
    keyGenerator: (request: FastifyRequest) => string,
    message: string,
    allowList?: (request: FastifyRequest) => boolean,
  ) =>
    new Limit(
      app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator, allowList }),
      message,
    );
  const knownAddresses = new KnownAddresses();

  return {
    loginPerAccountAndAddress: limit(
      config.loginPerAccountAndAddress,
      (request) => `login|${attemptAccount(request)}|${request.ip}`,
      'Too many failed login attempts for this account.',
    ),
    loginPerAccount: limit(
      config.loginPerAccount,
      (request) => `login-account|${attemptAccount(request)}`,
      'Too many failed login attempts for this account from addresses it has not signed in from.',
      (request) => knownAddresses.has(attemptAccount(request), request.ip),
    ),
    knownAddresses,
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
    resendVerificationPerAccount: limit(
      config.resendVerificationPerAccount,
      (request) => `resend-verification|${request.auth?.user.id ?? request.ip}`,
      'Too many confirmation e-mails for this account.',
    ),
    postbackFailuresPerAddress: limit(
      config.postbackFailuresPerAddress,
      byAddress('postback'),
      'Too many refused postbacks from this address.',
    ),
    apiKeyRequests: limit(
      config.apiKeyRequests,
      (request) => `api-key|${request.apiKey?.id ?? ''}`,
      'Too many requests with this API key.',
    ),
  };
}
