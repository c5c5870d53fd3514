import net from 'node:net';
import path from 'node:path';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface RateLimitsConfig {
  loginPerAccountAndAddress: RateLimitRule;
  loginPerAccount: RateLimitRule;
  loginPerAddress: RateLimitRule;
  registerPerAddress: RateLimitRule;
  forgotPasswordPerEmail: RateLimitRule;
  forgotPasswordPerAddress: RateLimitRule;
  resetPasswordPerAddress: RateLimitRule;
  postbackFailuresPerAddress: RateLimitRule;
}

/** Fastify's `trustProxy`: false, true, a hop count, or proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Secret for signing access tokens; generated and stored in the database when not given. */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  /** Public origin used in e-mailed links; derived from the request when unset. */
  appUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Built PWA to serve; null serves the API only. */
  staticDir: string | null;
  seed: 'demo' | 'none';
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** which reverse proxies may set X-Forwarded-For; off by default, so a client cannot pick its address */
  trustProxy: TrustProxy;
  rateLimits: RateLimitsConfig;
  /** request header a proxy/CDN puts the visitor's country in (e.g. cf-ipcountry), lower-case; null: none */
  clickCountryHeader: string | null;
  /**
   * lets website verification and web push reach loopback/private addresses: local testing and
   * intranet installs only, never a public server
   */
  allowPrivateNetworks: boolean;
  /** longest a click waits in memory before it is written (the crash window of the redirect path) */
  clickFlushMs: number;
  /** how often pending commissions past the hold period are approved; 0 turns the job off */
  commissionAutoApproveIntervalMs: number;
  /** how often exchange rates are fetched from the admin's provider (also at start when today's are missing); 0 = off */
  ratesRefreshIntervalMs: number;
  /** longest a rates provider fetch may take */
  ratesFetchTimeoutMs: number;
  /** how often the monthly invoice job checks whether last month's drafts are due; 0 = off */
  invoiceJobIntervalMs: number;
  /**
   * largest amount one conversion may report, in minor units of its currency and of the campaign's after
   * conversion (1e10: 100,000,000.00 in a two-decimal currency, ¥10,000,000,000); larger answers 422
   */
  maxConversionAmountMinor: number;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

const MINUTE = 60_000;

export const DEFAULT_MAX_CONVERSION_AMOUNT_MINOR = 10_000_000_000;

function maxAmountFrom(value: string | undefined): number {
  const max = intFrom(value, DEFAULT_MAX_CONVERSION_AMOUNT_MINOR, 'MAX_CONVERSION_AMOUNT_MINOR');
  if (max < 1 || max > Number.MAX_SAFE_INTEGER) {
    throw new Error(
      `MAX_CONVERSION_AMOUNT_MINOR must be between 1 and ${Number.MAX_SAFE_INTEGER}, got "${value}"`,
    );
  }
  return max;
}

function ruleFrom(env: NodeJS.ProcessEnv, name: string, max: number, windowMs: number): RateLimitRule {
  return {
    max: intFrom(env[`${name}_MAX`], max, `${name}_MAX`),
    windowMs: intFrom(env[`${name}_WINDOW_MS`], windowMs, `${name}_WINDOW_MS`),
  };
}

/** Each limit is `<NAME>_MAX` per `<NAME>_WINDOW_MS`; the README lists them. */
function rateLimitsFrom(env: NodeJS.ProcessEnv): RateLimitsConfig {
  return {
    // per account and address (LOGIN_RATE_LIMIT kept its name from when it locked the account everywhere)
    loginPerAccountAndAddress: ruleFrom(env, 'LOGIN_RATE_LIMIT', 10, 15 * MINUTE),
    loginPerAccount: ruleFrom(env, 'LOGIN_ACCOUNT_RATE_LIMIT', 100, 15 * MINUTE),
    loginPerAddress: ruleFrom(env, 'LOGIN_ADDRESS_RATE_LIMIT', 50, 15 * MINUTE),
    registerPerAddress: ruleFrom(env, 'REGISTER_RATE_LIMIT', 20, 60 * MINUTE),
    forgotPasswordPerEmail: ruleFrom(env, 'FORGOT_PASSWORD_RATE_LIMIT', 3, 60 * MINUTE),
    forgotPasswordPerAddress: ruleFrom(env, 'FORGOT_PASSWORD_ADDRESS_RATE_LIMIT', 20, 60 * MINUTE),
    resetPasswordPerAddress: ruleFrom(env, 'RESET_PASSWORD_RATE_LIMIT', 20, 15 * MINUTE),
    postbackFailuresPerAddress: ruleFrom(env, 'POSTBACK_FAILURE_RATE_LIMIT', 100, MINUTE),
  };
}

/** TRUST_PROXY: unset/false, true (any proxy: only behind one that overwrites the header), hops, or addresses. */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, prefix] = entry.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    if (!named && (net.isIP(address ?? '') === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix)))) {
      throw new Error(
        `TRUST_PROXY must be true, false, a hop count or proxy addresses/CIDRs separated by commas, got "${value}"`,
      );
    }
  }
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtTtlSeconds: intFrom(env.JWT_TTL_SECONDS, 7 * 24 * 3600, 'JWT_TTL_SECONDS'),
    appUrl: env.APP_URL?.replace(/\/+$/, '') || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Affilio <no-reply@affilio.local>',
    staticDir: env.STATIC_DIR === 'none' ? null : path.resolve(env.STATIC_DIR || './dist'),
    seed: env.SEED === 'none' ? 'none' : 'demo',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    rateLimits: rateLimitsFrom(env),
    clickCountryHeader: env.CLICK_COUNTRY_HEADER?.trim().toLowerCase() || null,
    // VERIFY_ALLOW_PRIVATE_NETWORKS: the older name, from when only website verification used it
    allowPrivateNetworks:
      env.ALLOW_PRIVATE_NETWORKS === 'true' || env.VERIFY_ALLOW_PRIVATE_NETWORKS === 'true',
    clickFlushMs: Math.min(intFrom(env.CLICK_FLUSH_MS, 250, 'CLICK_FLUSH_MS'), 250),
    commissionAutoApproveIntervalMs: intFrom(
      env.COMMISSION_AUTO_APPROVE_INTERVAL_MS,
      60 * 60_000,
      'COMMISSION_AUTO_APPROVE_INTERVAL_MS',
    ),
    ratesRefreshIntervalMs: intFrom(env.RATES_REFRESH_INTERVAL_MS, 60 * 60_000, 'RATES_REFRESH_INTERVAL_MS'),
    // spec §9: HTTP timeout 10000 ms; 0 also means that (a fetch always has a limit)
    ratesFetchTimeoutMs: intFrom(env.RATES_FETCH_TIMEOUT_MS, 10_000, 'RATES_FETCH_TIMEOUT_MS') || 10_000,
    invoiceJobIntervalMs: intFrom(env.INVOICE_JOB_INTERVAL_MS, 60 * 60_000, 'INVOICE_JOB_INTERVAL_MS'),
    maxConversionAmountMinor: maxAmountFrom(env.MAX_CONVERSION_AMOUNT_MINOR),
  };
}

/** Config for tests: in-memory database, no static files, no seed. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    staticDir: null,
    seed: 'none',
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    logLevel: 'silent',
    // tests run the approval job themselves
    commissionAutoApproveIntervalMs: 0,
    // tests run the rates job themselves, against local servers
    ratesRefreshIntervalMs: 0,
    // tests run the monthly invoice job themselves
    invoiceJobIntervalMs: 0,
    // every test request comes from one address: tests of a limit set it low themselves
    rateLimits: Object.fromEntries(
      Object.entries(loadConfig({}).rateLimits).map(([name, rule]) => [name, { ...rule, max: 10_000 }]),
    ) as unknown as RateLimitsConfig,
    ...overrides,
  };
}
