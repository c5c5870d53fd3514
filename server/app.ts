import dns from 'node:dns/promises';
import { existsSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig, TrustProxy } from './config';
import type { AppContext } from './context';
import type { Database } from './db/connection';
import { createDrainingServer } from './platform/draining-server';
import { registerErrorHandler } from './platform/error-handler';
import { healthRoutes } from './platform/health';
import { registerIdempotency, startIdempotencyPrune } from './platform/idempotency';
import { startTableStatistics } from './platform/table-statistics';
import { EventBus } from './platform/events';
import { linkInstances } from './cluster';
import { forApiKeys } from './platform/api-key-access';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { createApiKeyVerifier } from './modules/api-keys/service';
import { startCommissionAutoApproval } from './modules/commissions/auto-approve';
import { commissionRoutes } from './modules/commissions/routes';
import { startConversionAddressPrune } from './modules/fraud/address-prune';
import { fraudRoutes } from './modules/fraud/routes';
import { startRatesRefresh } from './modules/currency/provider-job';
import { ensureStoredRates } from './platform/exchange-rates';
import { startEventPartitionJob } from './platform/event-partitions';
import { startMonthlyInvoicing } from './modules/invoices/job';
import { invoiceRoutes } from './modules/invoices/routes';
import { mediaRoutes } from './modules/media/routes';
import { mediaStorageFor } from './modules/media/storage-for-config';
import { messagingRoutes } from './modules/messaging/routes';
import { statementRoutes } from './modules/invoices/statement-routes';
import { currencyRoutes } from './modules/currency/routes';
import {
  clickRoutes,
  clientAddressFor,
  createClickAnswerer,
  createClickFastPath,
} from './modules/tracking/click-routes';
import { trackingRoutes } from './modules/tracking/routes';
import { Tracking } from './modules/tracking/service';
import { createMailer } from './platform/mailer';
import { createRateLimits } from './platform/rate-limits';
import { Background } from './platform/background';
import { registerNulGuard } from './platform/nul-guard';
import { scriptSources } from './platform/inline-script-hashes';
import { registerApiNoStore, registerSecurityHeaders } from './platform/security-headers';
import { createSafeFetcher } from './platform/safe-fetch';
import { getOrCreateSecret } from './platform/secrets';
import { adminRoutes } from './modules/admin/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { applicationRoutes } from './modules/applications/routes';
import { subscribeApplicationNotices } from './modules/notifications/application-events';
import { authRoutes } from './modules/auth/routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { couponRoutes } from './modules/coupons/routes';
import { createTokenService } from './platform/tokens';
import { Notifier } from './platform/notifier';
import { notificationRoutes } from './modules/notifications/routes';
import { payoutRoutes } from './modules/payouts/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import type { ResolveHost } from './modules/push/endpoint';
import { pushRoutes } from './modules/push/routes';
import { createWebPushSender, type SendNotification } from './modules/push/sender';
import { createPushService } from './modules/push/service';
import { reportRoutes } from './modules/reports/routes';
import { referralRoutes } from './modules/referrals/routes';
import { searchRoutes } from './modules/search/routes';
import { settingsRoutes } from './modules/settings/routes';
import { directoryRoutes } from './modules/users/directory-routes';
import type { VerificationDeps } from './platform/safe-fetch';
import { websiteRoutes } from './modules/websites/routes';
import { DeliveryWorker } from './modules/integrations/delivery-worker';
import { webhookRoutes } from './modules/integrations/webhooks-routes';
import { publisherPostbackRoutes } from './modules/integrations/postbacks-routes';
import { createOutboundSender } from './platform/outbound-request';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** replaces the real HTTP/DNS checks of website verification (tests) */
  verification?: VerificationDeps;
  /** replaces the web-push library's send (tests); defaults to real HTTPS to public push services */
  sendPush?: SendNotification;
  /** replaces the DNS lookup of push endpoints at subscribe time (tests) */
  resolveHost?: ResolveHost;
  /** heartbeat interval of the live message stream (tests shorten it); 25 s by default */
  messagingHeartbeatMs?: number;
}

export async function buildApp({
  config,
  database,
  verification,
  sendPush,
  resolveHost,
  messagingHeartbeatMs,
}: BuildAppOptions): Promise<FastifyInstance> {
  // The server's request listener answers GET /t/{code} itself once the app is built (clickFastPath),
  // ahead of Fastify's router: the redirect is the hottest path by far, and Fastify's per-request work
  // was most of its cost. Everything else goes to Fastify.
  let clickFastPath: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  const trustProxy = fastifyTrustProxy(config.trustProxy);
  let drainServer = () => {};
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy,
    serverFactory: (handler) => {
      const { server, drain } = createDrainingServer((req, res) => {
        if (clickFastPath === null || !clickFastPath(req, res)) handler(req, res);
      });
      drainServer = drain;
      // what Fastify sets on a server it makes itself (its defaults: keep-alive 72 s, no request timeout)
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
    // on close: idle keep-alive connections are closed, a request still arriving on a busy one answers 503
    // (the proxy tries another instance), requests in flight finish (createDrainingServer)
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // errors Fastify raises before routing (an overlong path parameter, a bad URL) keep the `{detail}` shape
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const detail =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'Malformed request';
      const raw = reply as unknown as FastifyReply;
      void raw.code(status >= 400 && status < 500 ? status : 400).send({ detail });
    },
  });
  // before Fastify closes the idle connections and stops listening (its own close step comes after the hooks)
  app.addHook('preClose', async () => drainServer());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Action endpoints (approve, withdraw …) take no body: an empty JSON body counts as none.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body.toString(), done);
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('session', null);
  app.decorateRequest('apiKey', null);

  const jwtSecret = config.jwtSecret ?? (await getOrCreateSecret(database.db, 'jwt_secret'));
  const background = new Background(app.log);
  const ctx: AppContext = {
    db: database.db,
    config,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log }),
    tokens: createTokenService(jwtSecret, config.jwtTtlSeconds),
    // counted in PostgreSQL when several instances may share it; in memory on PGlite (one process)
    limits: await createRateLimits(
      app,
      config.rateLimits,
      database.kind === 'postgres' ? database.db : undefined,
    ),
    verification: verification ?? {
      fetchText: createSafeFetcher({ allowPrivate: config.allowPrivateNetworks }),
      resolveTxt: (hostname) => dns.resolveTxt(hostname),
    },
    events: new EventBus(),
    notifier: new Notifier(database.db, app.log),
    background,
    apiKeys: createApiKeyVerifier(database.db, background),
  };
  app.addHook('onClose', () => ctx.background.drain());
  const push = await createPushService({
    db: database.db,
    config,
    send: sendPush ?? createWebPushSender({ allowPrivate: config.allowPrivateNetworks }),
    resolveHost,
    log: app.log,
  });
  ctx.notifier.addDelivery(push.deliver);
  // pushes still in flight finish before the database closes
  app.addHook('onClose', () => ctx.notifier.drain());
  // cross-module reactions: the notifications module listens to the applications module's events
  subscribeApplicationNotices(ctx, app.log);
  await linkInstances(app, ctx, database);

  await ensureStoredRates(database.db);
  const tracking = await Tracking.create(ctx, app.log, {
    copyFrom: database.copyFrom,
    concurrentTransactions: database.kind === 'postgres',
  });
  // buffered clicks are written before the database closes (SIGTERM, app.close)
  app.addHook('onClose', () => tracking.clicks.flush());
  app.decorate('settle', async () => {
    await tracking.clicks.flush();
    await ctx.background.drain();
  });
  startCommissionAutoApproval(app, ctx);
  startRatesRefresh(app, ctx);
  startMonthlyInvoicing(app, ctx);
  startIdempotencyPrune(app, ctx);
  startConversionAddressPrune(app, ctx);
  startTableStatistics(app, ctx, database.kind);
  await startEventPartitionJob(app, ctx);
  // webhooks and publisher postbacks: sends what the outbox holds, off every request's path
  const deliveries = new DeliveryWorker({
    db: database.db,
    config: config.delivery,
    send: createOutboundSender({
      allowPrivate: config.allowPrivateNetworks,
      timeoutMs: config.delivery.timeoutMs,
    }),
    notifier: ctx.notifier,
    log: app.log.child({ worker: 'deliveries' }),
  });
  app.decorate('deliveries', deliveries);
  app.addHook('onReady', async () => deliveries.start());
  app.addHook('onClose', () => deliveries.stop());

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Affilio API', version: '0.1.0', description: 'Affiliate marketplace API' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token (`POST /api/auth/login`) or an API key (`afk_…`, Settings → API keys). A key acts as its owner within its scope: `read` allows GET only, and a key limited to resources reaches only their routes (403 names the missing scope).',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'afk_…',
            description:
              'An API key alone, where a route takes nothing else (`POST /api/postback` with a key scoped to conversions instead of the tracking secret).',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await registerSecurityHeaders(app, scriptSources(config.staticDir));
  await app.register(
    async (api) => {
      // API answers above 1 KiB go out compressed (brotli at quality 4, gzip); static files are compressed
      // once at build time (scripts/compress-dist.mjs, `preCompressed` below); /t/ redirects carry no body
      await api.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
      registerApiNoStore(api);
      registerNulGuard(api);
      registerIdempotency(api, ctx);
      await api.register(healthRoutes, { database });
      // Which API keys each module's routes take (`Authorization: Bearer afk_…`): the resource a key may be
      // limited to, `general` for routes of no one resource, `never` for none (see platform/api-key-access).
      await api.register(forApiKeys('never', authRoutes), { ctx });
      await api.register(forApiKeys('never', apiKeyRoutes), { ctx });
      await api.register(forApiKeys('general', adminRoutes), { ctx });
      await api.register(forApiKeys('general', settingsRoutes), { ctx });
      await api.register(forApiKeys('campaigns', campaignRoutes), { ctx });
      await api.register(forApiKeys('campaigns', couponRoutes), { ctx });
      await api.register(forApiKeys('websites', websiteRoutes), { ctx });
      await api.register(forApiKeys('applications', applicationRoutes), { ctx });
      await api.register(forApiKeys('general', directoryRoutes), { ctx });
      await api.register(forApiKeys('general', notificationRoutes), { ctx });
      await api.register(forApiKeys('general', pushRoutes), { ctx, push });
      // the postback takes a key limited to conversions instead of the campaign's secret (its own check)
      await api.register(forApiKeys('reports', trackingRoutes), { ctx, tracking, root: app });
      await api.register(forApiKeys('commissions', commissionRoutes), { ctx });
      await api.register(forApiKeys('commissions', fraudRoutes), { ctx });
      await api.register(forApiKeys('payouts', payoutRoutes), { ctx });
      // the ledger is the publishers' payout history: the same keys read it
      await api.register(forApiKeys('payouts', ledgerRoutes), { ctx });
      await api.register(forApiKeys('general', referralRoutes), { ctx });
      await api.register(forApiKeys('general', currencyRoutes), { ctx });
      await api.register(forApiKeys('reports', analyticsRoutes), { ctx, tracking });
      await api.register(forApiKeys('reports', reportRoutes), { ctx });
      await api.register(forApiKeys('general', searchRoutes), { ctx });
      await api.register(forApiKeys('invoices', invoiceRoutes), { ctx });
      await api.register(forApiKeys('invoices', statementRoutes), { ctx });
      await api.register(forApiKeys('media', mediaRoutes), { ctx, storage: mediaStorageFor(config) });
      await api.register(forApiKeys('messaging', messagingRoutes), {
        ctx,
        heartbeatMs: messagingHeartbeatMs,
      });
      await api.register(forApiKeys('general', webhookRoutes), { ctx, worker: deliveries });
      await api.register(forApiKeys('general', publisherPostbackRoutes), { ctx, worker: deliveries });
    },
    { prefix: '/api' },
  );
  const answerClick = createClickAnswerer({
    tracking,
    countryHeader: config.clickCountryHeader,
    // one logger for every redirect instead of a child per request: errors carry the route
    log: app.log.child({ route: '/t/:code' }),
  });
  await app.register(clickRoutes, { answer: answerClick });
  clickFastPath = createClickFastPath(answerClick, clientAddressFor(trustProxy));

  registerStatic(app, config.staticDir);
  return app;
}

/** A hop count trusts that many proxies nearest the server (Fastify takes it as a function). */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Serves the built PWA with an SPA fallback; the API answers JSON 404s under /api. */
function registerStatic(app: FastifyInstance, staticDir: string | null): void {
  const hasBuild = staticDir !== null && existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // serves dist/x.js.br or .gz when the browser accepts it (written by scripts/compress-dist.mjs)
      preCompressed: true,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (name === 'sw.js' || name === 'index.html' || name.endsWith('.webmanifest')) {
          res.header('Cache-Control', 'no-cache');
        } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || !hasBuild || request.method !== 'GET') {
      return reply.code(404).send({ detail: 'Not found' });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
