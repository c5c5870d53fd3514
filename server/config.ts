import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isDemoPassword } from './platform/demo-passwords';

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
  resendVerificationPerAccount: RateLimitRule;
  postbackFailuresPerAddress: RateLimitRule;
  apiKeyRequests: RateLimitRule;
}

/** Fastify's `trustProxy`: false, true, a hop count, or proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** Media in an S3-compatible object store (`MEDIA_STORE=s3://bucket/prefix`); null: local disk. */
export interface S3StoreConfig {
  bucket: string;
  /** key prefix inside the bucket: '' or ending in '/' */
  prefix: string;
  /** another S3-compatible service (MinIO, Ceph, R2, s3rver in tests); unset: AWS */
  endpoint: string | undefined;
  region: string;
  /** the bucket in the path rather than the host name: what most self-hosted stores need */
  forcePathStyle: boolean;
}

/** `s3://bucket` or `s3://bucket/some/prefix` → bucket and a prefix ending in '/' (or ''); null if malformed. */
export function parseS3Url(url: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) return null;
  const rest = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1]!, prefix: rest ? `${rest}/` : '' };
}

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
  /**
   * whether new accounts must confirm their e-mail before applying, requesting payouts or being invoiced,
   * while the admin has not chosen (admin settings): on where the install looks real, like `seed`
   */
  requireEmailVerification: boolean;
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
  /** where media files live: null = local disk under DATA_DIR/media (one process), else an S3-compatible store */
  mediaStore: S3StoreConfig | null;
  /** how often pending commissions past the hold period are approved; 0 turns the job off */
  commissionAutoApproveIntervalMs: number;
  /** how often exchange rates are fetched from the admin's provider (also at start when today's are missing); 0 = off */
  ratesRefreshIntervalMs: number;
  /** longest a rates provider fetch may take */
  ratesFetchTimeoutMs: number;
  /** how often the monthly invoice job checks whether last month's drafts are due; 0 = off */
  invoiceJobIntervalMs: number;
  /** how often the partition job makes the months ahead of clicks/conversions and drops clicks past retention; 0 = off */
  partitionJobIntervalMs: number;
  /** how often the server analyzes the tables that grew by 10 % since their last ANALYZE; 0 = off */
  analyzeIntervalMs: number;
  /**
   * largest amount one conversion may report, in minor units of its currency and of the campaign's after
   * conversion (1e10: 100,000,000.00 in a two-decimal currency, ¥10,000,000,000); larger answers 422
   */
  maxConversionAmountMinor: number;
  /** score conversions and CPC clicks with the fraud rules (FRAUD_RULES=off turns them off platform-wide) */
  fraudRules: boolean;
  /** the webhook and postback delivery worker (server/modules/integrations) */
  delivery: DeliveryConfig;
}

export interface DeliveryConfig {
  /** how often the worker looks for new events and due retries; 0 turns the worker off */
  pollMs: number;
  /** wait before each retry of a failed delivery (plus up to 20 % jitter); its length + 1 = attempts */
  retryDelaysMs: number[];
  /** an endpoint or postback failing this long is disabled and its owner told */
  disableAfterMs: number;
  /** longest one delivery may take */
  timeoutMs: number;
  /** a claimed delivery whose sender died (kill -9) is sent again this long after it was claimed */
  leaseMs: number;
}

/**
 * Retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h: 8 attempts over 27 h 35 min (more with jitter),
 * so an endpoint down for a day still gets everything once it is back, before the 24 h that disable it.
 */
export const DEFAULT_RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

export const DEFAULT_MAX_CONVERSION_AMOUNT_MINOR = 10_000_000_000;

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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// An empty variable counts as unset everywhere (`FOO= npm start`, a blank line in a compose file).
const text = () =>
  z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

const count = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  text().transform((value, ctx) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (Number.isInteger(n) && n >= 0 && n <= max) return n;
    ctx.addIssue({
      code: 'custom',
      message: `must be a whole number from 0 to ${max === Number.MAX_SAFE_INTEGER ? '2^53' : max}`,
    });
    return z.NEVER;
  });

const flag = () => text().transform((value) => value === 'true');

/** `<NAME>_MAX` per `<NAME>_WINDOW_MS` for one abuse limit. */
const rateLimit = (name: string, max: number, windowMs: number) => ({
  [`${name}_MAX`]: count(max),
  [`${name}_WINDOW_MS`]: count(windowMs),
});

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Every environment variable the server reads, with its default: the one place they are parsed.
 * `.env.example` lists the same keys (tests/unit/server/config.test.ts checks).
 */
export const envSchema = z.object({
  NODE_ENV: text(),
  PORT: count(8080, 65_535),
  HOST: text().transform((value) => value ?? '0.0.0.0'),
  DATA_DIR: text().transform((value) => path.resolve(value ?? './data')),
  DATABASE_URL: text().refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  // the default of the admin setting "require e-mail verification"; unset: on as SEED is none (see below)
  EMAIL_VERIFICATION: text().pipe(z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).optional()),
  SEED: text().pipe(z.enum(['demo', 'none'], { error: 'must be "demo" or "none"' }).optional()),
  // loose on purpose: an intranet install may use admin@localhost
  ADMIN_EMAIL: text().refine((value) => value === undefined || /^[^@\s]+@[^@\s]+$/.test(value), {
    message: 'must be an e-mail address',
  }),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || !isDemoPassword(value), {
      message: 'is a published demo password: choose one of your own',
    }),
  JWT_SECRET: text(),
  JWT_TTL_SECONDS: count(7 * 24 * 3600),
  APP_URL: text()
    .refine((value) => value === undefined || /^https?:\/\/[^/]/.test(value), {
      message: 'must be an http:// or https:// origin',
    })
    .transform((value) => value?.replace(/\/+$/, '')),
  SMTP_URL: text(),
  MAIL_FROM: text().transform((value) => value ?? 'Affilio <no-reply@affilio.local>'),
  STATIC_DIR: text().transform((value) => (value === 'none' ? null : path.resolve(value ?? './dist'))),
  LOG_LEVEL: text().pipe(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
  TRUST_PROXY: text().transform((value, ctx) => {
    try {
      return trustProxyFrom(value);
    } catch (error) {
      const message = (error as Error).message.replace(/^TRUST_PROXY /, '').replace(/, got .*$/s, '');
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  }),
  ...rateLimit('LOGIN_RATE_LIMIT', 10, 15 * MINUTE),
  ...rateLimit('LOGIN_ACCOUNT_RATE_LIMIT', 100, 15 * MINUTE),
  ...rateLimit('LOGIN_ADDRESS_RATE_LIMIT', 50, 15 * MINUTE),
  ...rateLimit('REGISTER_RATE_LIMIT', 20, HOUR),
  ...rateLimit('FORGOT_PASSWORD_RATE_LIMIT', 3, HOUR),
  ...rateLimit('FORGOT_PASSWORD_ADDRESS_RATE_LIMIT', 20, HOUR),
  ...rateLimit('RESET_PASSWORD_RATE_LIMIT', 20, 15 * MINUTE),
  ...rateLimit('RESEND_VERIFICATION_RATE_LIMIT', 3, HOUR),
  ...rateLimit('POSTBACK_FAILURE_RATE_LIMIT', 100, MINUTE),
  ...rateLimit('API_KEY_RATE_LIMIT', 600, MINUTE),
  CLICK_COUNTRY_HEADER: text().transform((value) => value?.toLowerCase() ?? null),
  ALLOW_PRIVATE_NETWORKS: flag(),
  // the older name, from when only website verification used it
  VERIFY_ALLOW_PRIVATE_NETWORKS: flag(),
  // more than 250 ms is capped: it is the redirect path's crash window
  CLICK_FLUSH_MS: count(250).transform((value) => Math.min(value, 250)),
  COMMISSION_AUTO_APPROVE_INTERVAL_MS: count(HOUR),
  RATES_REFRESH_INTERVAL_MS: count(HOUR),
  // spec §9: HTTP timeout 10000 ms; 0 also means that (a fetch always has a limit)
  RATES_FETCH_TIMEOUT_MS: count(10_000).transform((value) => value || 10_000),
  INVOICE_JOB_INTERVAL_MS: count(HOUR),
  PARTITION_JOB_INTERVAL_MS: count(HOUR),
  ANALYZE_INTERVAL_MS: count(15_000),
  MAX_CONVERSION_AMOUNT_MINOR: count(DEFAULT_MAX_CONVERSION_AMOUNT_MINOR).refine((value) => value >= 1, {
    message: 'must be at least 1',
  }),
  FRAUD_RULES: text().refine((value) => value === undefined || value === 'on' || value === 'off', {
    message: 'must be "on" or "off"',
  }),
  // local (default): DATA_DIR/media; s3://bucket[/prefix]: an S3-compatible store shared by every instance
  MEDIA_STORE: text().refine(
    (value) => value === undefined || value === 'local' || parseS3Url(value) !== null,
    {
      message: 'must be "local" or s3://bucket[/prefix] (a valid bucket name)',
    },
  ),
  S3_ENDPOINT: text().refine((value) => value === undefined || /^https?:\/\/[^/]+/.test(value), {
    message: 'must be an http:// or https:// URL',
  }),
  S3_REGION: text().transform((value) => value ?? 'us-east-1'),
  // unset: path style with S3_ENDPOINT (MinIO and most self-hosted stores), virtual hosts on AWS
  S3_FORCE_PATH_STYLE: text().pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
  DELIVERY_POLL_MS: count(250),
  DELIVERY_RETRY_DELAYS_MS: text().transform((value, ctx) => {
    if (value === undefined) return DEFAULT_RETRY_DELAYS_MS;
    const list = value.split(',').map((part) => Number(part.trim()));
    if (list.length > 0 && list.every((n) => Number.isInteger(n) && n >= 0)) return list;
    ctx.addIssue({ code: 'custom', message: 'must be whole numbers of milliseconds separated by commas' });
    return z.NEVER;
  }),
  DELIVERY_DISABLE_AFTER_MS: count(24 * HOUR),
  DELIVERY_TIMEOUT_MS: count(10_000).transform((value) => value || 10_000),
  DELIVERY_LEASE_MS: count(30_000).transform((value) => value || 30_000),
  // read by the PGlite worker thread itself (server/db/pglite-worker.ts); listed here to be documented
  PGLITE_WASM_TIER_UP: flag(),
  PGLITE_FSYNC: text().pipe(z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).optional()),
});

export type Env = z.output<typeof envSchema>;

/** The error a bad environment stops the start with: one line per variable, each named. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (environment variables):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Their values stay out of error messages and logs. */
const SECRETS = new Set(['ADMIN_PASSWORD', 'JWT_SECRET', 'SMTP_URL', 'DATABASE_URL']);

export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      return SECRETS.has(name)
        ? `${name} ${issue.message}`
        : `${name} ${issue.message}, got ${JSON.stringify(env[name] ?? '')}`;
    }),
  );
}

/**
 * SEED unset means the demo for a first try on a developer machine (`npm start`), and none where the
 * install looks real (NODE_ENV=production, or a PostgreSQL server given): demo accounts with published
 * passwords must be asked for there.
 */
function seedFor(env: Env): 'demo' | 'none' {
  if (env.SEED) return env.SEED;
  return env.NODE_ENV === 'production' || env.DATABASE_URL ? 'none' : 'demo';
}

/** EMAIL_VERIFICATION unset: required where the install looks real (the rule of `seedFor`), not for a try-out. */
function emailVerificationFor(env: Env): boolean {
  if (env.EMAIL_VERIFICATION) return env.EMAIL_VERIFICATION === 'on';
  return env.NODE_ENV === 'production' || env.DATABASE_URL !== undefined;
}

function mediaStoreFor(env: Env): S3StoreConfig | null {
  const location = env.MEDIA_STORE && env.MEDIA_STORE !== 'local' ? parseS3Url(env.MEDIA_STORE) : null;
  if (!location) return null;
  return {
    ...location,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE
      ? env.S3_FORCE_PATH_STYLE === 'true'
      : env.S3_ENDPOINT !== undefined,
  };
}

function ruleOf(env: Env, name: string): RateLimitRule {
  const values = env as unknown as Record<string, number>;
  return { max: values[`${name}_MAX`]!, windowMs: values[`${name}_WINDOW_MS`]! };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    jwtTtlSeconds: env.JWT_TTL_SECONDS,
    appUrl: env.APP_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    staticDir: env.STATIC_DIR,
    seed: seedFor(env),
    requireEmailVerification: emailVerificationFor(env),
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    rateLimits: {
      // per account and address (LOGIN_RATE_LIMIT kept its name from when it locked the account everywhere)
      loginPerAccountAndAddress: ruleOf(env, 'LOGIN_RATE_LIMIT'),
      loginPerAccount: ruleOf(env, 'LOGIN_ACCOUNT_RATE_LIMIT'),
      loginPerAddress: ruleOf(env, 'LOGIN_ADDRESS_RATE_LIMIT'),
      registerPerAddress: ruleOf(env, 'REGISTER_RATE_LIMIT'),
      forgotPasswordPerEmail: ruleOf(env, 'FORGOT_PASSWORD_RATE_LIMIT'),
      forgotPasswordPerAddress: ruleOf(env, 'FORGOT_PASSWORD_ADDRESS_RATE_LIMIT'),
      resetPasswordPerAddress: ruleOf(env, 'RESET_PASSWORD_RATE_LIMIT'),
      resendVerificationPerAccount: ruleOf(env, 'RESEND_VERIFICATION_RATE_LIMIT'),
      postbackFailuresPerAddress: ruleOf(env, 'POSTBACK_FAILURE_RATE_LIMIT'),
      apiKeyRequests: ruleOf(env, 'API_KEY_RATE_LIMIT'),
    },
    clickCountryHeader: env.CLICK_COUNTRY_HEADER,
    allowPrivateNetworks: env.ALLOW_PRIVATE_NETWORKS || env.VERIFY_ALLOW_PRIVATE_NETWORKS,
    clickFlushMs: env.CLICK_FLUSH_MS,
    mediaStore: mediaStoreFor(env),
    commissionAutoApproveIntervalMs: env.COMMISSION_AUTO_APPROVE_INTERVAL_MS,
    ratesRefreshIntervalMs: env.RATES_REFRESH_INTERVAL_MS,
    ratesFetchTimeoutMs: env.RATES_FETCH_TIMEOUT_MS,
    invoiceJobIntervalMs: env.INVOICE_JOB_INTERVAL_MS,
    partitionJobIntervalMs: env.PARTITION_JOB_INTERVAL_MS,
    analyzeIntervalMs: env.ANALYZE_INTERVAL_MS,
    maxConversionAmountMinor: env.MAX_CONVERSION_AMOUNT_MINOR,
    fraudRules: env.FRAUD_RULES !== 'off',
    delivery: {
      pollMs: env.DELIVERY_POLL_MS,
      retryDelaysMs: env.DELIVERY_RETRY_DELAYS_MS,
      disableAfterMs: env.DELIVERY_DISABLE_AFTER_MS,
      timeoutMs: env.DELIVERY_TIMEOUT_MS,
      leaseMs: env.DELIVERY_LEASE_MS,
    },
  };
}

/** Config for tests: in-memory database, no static files, no seed. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    staticDir: null,
    seed: 'none',
    // tests of e-mail verification turn it on themselves
    requireEmailVerification: false,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    logLevel: 'silent',
    // tests run the approval job themselves
    commissionAutoApproveIntervalMs: 0,
    // tests run the rates job themselves, against local servers
    ratesRefreshIntervalMs: 0,
    // tests run the monthly invoice job themselves
    invoiceJobIntervalMs: 0,
    // tests run the partition job themselves (the months ahead are still made at start)
    partitionJobIntervalMs: 0,
    // tests analyze the tables themselves when a plan matters (tests/api/table-statistics.test.ts)
    analyzeIntervalMs: 0,
    // every test click comes from one address milliseconds before its conversion: the fraud tests turn the
    // rules on themselves
    fraudRules: false,
    // the webhook tests start the delivery worker themselves (delivery.pollMs)
    delivery: { ...loadConfig({}).delivery, pollMs: 0 },
    // every test request comes from one address: tests of a limit set it low themselves
    rateLimits: Object.fromEntries(
      Object.entries(loadConfig({}).rateLimits).map(([name, rule]) => [name, { ...rule, max: 10_000 }]),
    ) as unknown as RateLimitsConfig,
    ...overrides,
  };
}
