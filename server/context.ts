import type { AppConfig } from './config';
import type { Db } from './db/connection';
import type { Mailer } from './lib/mailer';
import type { RateLimiter } from './lib/rate-limiter';
import type { TokenService } from './modules/auth/tokens';
import type { VerificationDeps } from './modules/websites/verification';

/** What route plugins and services share; built once in buildApp. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  tokens: TokenService;
  loginLimiter: RateLimiter;
  /** how website ownership is checked (HTTP fetch, DNS); injectable for tests */
  verification: VerificationDeps;
}
