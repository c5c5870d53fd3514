import type { AppConfig } from './config';
import type { ApiKeyVerifier } from './platform/api-key-access';
import type { Db } from './db/connection';
import type { Background } from './platform/background';
import type { EventBus } from './platform/events';
import type { Mailer } from './platform/mailer';
import type { RateLimits } from './platform/rate-limits';
import type { TokenService } from './platform/tokens';
import type { Notifier } from './platform/notifier';
import type { VerificationDeps } from './platform/safe-fetch';

/** What route plugins and services share; built once in buildApp. */
export interface AppContext {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  tokens: TokenService;
  /** abuse limits (login, registration, password reset, postbacks), counted per address or e-mail */
  limits: RateLimits;
  /** how website ownership is checked (HTTP fetch, DNS); injectable for tests */
  verification: VerificationDeps;
  /** in-process domain events (cache invalidation, cross-module reactions) */
  events: EventBus;
  /** `notify(userId, event)`: in-app notification plus push */
  notifier: Notifier;
  /** work done after the answer went out */
  background: Background;
  /** resolves `Authorization: Bearer afk_…` for the auth guard (the api-keys module's verifier) */
  apiKeys: ApiKeyVerifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * resolves once buffered clicks are written and background work (mail sent after an answer, …) is
     * done; for tests and shutdown
     */
    settle(): Promise<void>;
    /** the webhook and postback delivery worker (tests run its passes by hand) */
    deliveries: {
      tick(): Promise<void>;
      settle(timeoutMs?: number): Promise<void>;
      wake(): void;
    };
  }
}
