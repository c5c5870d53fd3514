import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireAuth, requireRole } from '../../platform/auth-guard';
import { errorResponse } from '../../platform/error-schema';
import { ratesJobDeps, refreshRates } from './provider-job';
import {
  batchConversionSchema,
  batchConvertBody,
  conversionSchema,
  convertQuery,
  healthSchema,
  historicalQuery,
  historicalSchema,
  MAX_BATCH,
  MAX_HISTORY_DAYS,
  pairParams,
  pairRateSchema,
  ratesQuery,
  ratesSchema,
  supportedSchema,
} from './schema';
import {
  convert,
  convertBatch,
  currentRates,
  historicalRates,
  pairRate,
  providerHealth,
  supportedCurrencies,
} from './service';

/** spec §9: exchange rate cache 5 minutes; `private` because most of these calls need a signed-in user */
function cacheFiveMinutes(reply: FastifyReply): void {
  reply.header('Cache-Control', 'private, max-age=300');
}

const signedIn = { 401: errorResponse, 422: errorResponse };

/**
 * The spec's currency calls (amounts in and out in major units) and the admin's "refresh now". Rates
 * are the current stored ones, as conversions use them; /currency/health says where they came from.
 */
export const currencyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = requireAuth(ctx);

  app.get(
    '/currency/rates',
    {
      onRequest: auth,
      schema: {
        tags: ['currency'],
        summary: 'Every supported currency per unit of source_currency (default USD)',
        querystring: ratesQuery,
        response: { 200: ratesSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      cacheFiveMinutes(reply);
      return currentRates(ctx.db, request.query.source_currency);
    },
  );

  app.get(
    '/currency/rate/:from/:to',
    {
      onRequest: auth,
      schema: {
        tags: ['currency'],
        summary: 'Units of `to` per unit of `from`',
        params: pairParams,
        response: { 200: pairRateSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      cacheFiveMinutes(reply);
      return pairRate(ctx.db, request.params.from, request.params.to);
    },
  );

  app.get(
    '/currency/convert',
    {
      onRequest: auth,
      schema: {
        tags: ['currency'],
        summary: 'Converts an amount in major units, exactly',
        description:
          'amount is a decimal in major units of from_currency (a leading - allowed, no more decimals than the currency has: JPY none). Converted through integer minor units, rounded half away from zero; 0, or identical currencies, give the amount back unchanged.',
        querystring: convertQuery,
        response: { 200: conversionSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      const result = await convert(ctx.db, request.query);
      cacheFiveMinutes(reply);
      return result;
    },
  );

  app.post(
    '/currency/batch-convert',
    {
      onRequest: auth,
      schema: {
        tags: ['currency'],
        summary: `Converts up to ${MAX_BATCH} amounts at once`,
        description:
          'Body `{ "conversions": [{ amount, from_currency, to_currency }] }` or the bare array. Results come in the same order, each as /currency/convert answers; one bad item refuses the whole request (422 naming it).',
        body: batchConvertBody,
        response: { 200: batchConversionSchema, ...signedIn },
      },
    },
    async (request) => ({ results: await convertBatch(ctx.db, request.body.conversions) }),
  );

  app.get(
    '/currency/historical/:from/:to',
    {
      onRequest: auth,
      schema: {
        tags: ['currency'],
        summary: `Stored daily rates of a pair, by day, week or month (at most ${MAX_HISTORY_DAYS} days)`,
        description:
          'from_date/to_date are inclusive UTC days (default: the 30 days up to today). A day without stored rates (weekends, holidays, an outage) carries the previous stored day forward; days before the first stored rates are left out. Weeks (from Monday) and months give the average of their days in the range, dated by their first day.',
        params: pairParams,
        querystring: historicalQuery,
        response: { 200: historicalSchema, ...signedIn },
      },
    },
    async (request, reply) => {
      const result = await historicalRates(ctx.db, request.params.from, request.params.to, request.query);
      cacheFiveMinutes(reply);
      return result;
    },
  );

  app.get(
    '/currency/supported',
    {
      schema: {
        tags: ['currency'],
        summary: 'The supported currencies (no sign-in needed)',
        response: { 200: supportedSchema },
        security: [],
      },
    },
    async (_request, reply) => {
      cacheFiveMinutes(reply);
      return supportedCurrencies();
    },
  );

  app.get(
    '/currency/health',
    {
      schema: {
        tags: ['currency'],
        summary: 'Whether the rates come live from the provider (no sign-in needed)',
        description:
          '`degraded` when no provider is set, or its last fetch failed (unreachable, timeout, not ECB XML, a currency missing): the last stored rates, else the built-in ones, are used and `reason` says why. Not cached, so it shows a refresh at once.',
        response: { 200: healthSchema },
        security: [],
      },
    },
    async () => providerHealth(ctx.db),
  );

  app.post(
    '/admin/currency/refresh',
    {
      onRequest: requireRole(ctx, 'admin'),
      schema: {
        tags: ['currency', 'admin'],
        summary: 'Fetches the rates from the provider now and answers the health',
        description:
          'When another refresh is already running (this or another server process), answers the health without starting a second one.',
        response: { 200: healthSchema, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      await refreshRates(ratesJobDeps(ctx, request.log));
      return providerHealth(ctx.db);
    },
  );
};
