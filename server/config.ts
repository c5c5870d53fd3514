import path from 'node:path';

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
  loginRateLimit: { max: number; windowMs: number };
  /** lets website verification reach loopback/private addresses: local testing only, never production */
  verifyAllowPrivateNetworks: boolean;
  /** longest a click waits in memory before it is written (the crash window of the redirect path) */
  clickFlushMs: number;
  /** how often pending commissions past the hold period are approved; 0 turns the job off */
  commissionAutoApproveIntervalMs: number;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
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
    loginRateLimit: {
      max: intFrom(env.LOGIN_RATE_LIMIT_MAX, 10, 'LOGIN_RATE_LIMIT_MAX'),
      windowMs: intFrom(env.LOGIN_RATE_LIMIT_WINDOW_MS, 15 * 60_000, 'LOGIN_RATE_LIMIT_WINDOW_MS'),
    },
    verifyAllowPrivateNetworks: env.VERIFY_ALLOW_PRIVATE_NETWORKS === 'true',
    clickFlushMs: Math.min(intFrom(env.CLICK_FLUSH_MS, 250, 'CLICK_FLUSH_MS'), 250),
    commissionAutoApproveIntervalMs: intFrom(
      env.COMMISSION_AUTO_APPROVE_INTERVAL_MS,
      60 * 60_000,
      'COMMISSION_AUTO_APPROVE_INTERVAL_MS',
    ),
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
    ...overrides,
  };
}
