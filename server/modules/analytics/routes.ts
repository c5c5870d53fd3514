import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth, requireRole } from '../../platform/auth-guard';
import { errorResponse } from '../../platform/error-schema';
import type { Tracking } from '../tracking/service';
import { hitRate, UserCache } from './cache';
import { cacheStatsSchema, dashboardQuery, dashboardSchema } from './schema';
import { getDashboard, invalidateOnChanges, type DashboardCache } from './service';

const errors = { 401: errorResponse, 403: errorResponse, 422: errorResponse };

export const analyticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; tracking: Tracking }> = async (
  app,
  { ctx, tracking },
) => {
  const cache: DashboardCache = new UserCache('dashboard', { ttlMs: 300_000, maxEntries: 1_000 });
  const unsubscribe = invalidateOnChanges(ctx.events, cache);
  app.addHook('onClose', async () => unsubscribe());

  app.get(
    '/analytics/dashboard',
    {
      onRequest: requireAuth(ctx),
      schema: {
        tags: ['analytics'],
        summary: 'Dashboard: KPIs against the previous period, daily series, top 5 and to-dos for the caller',
        description:
          'Advertisers see their campaigns, publishers their own traffic, admins everything. Money is converted to `currency` (default: the preferred or platform currency) with the stored rates. Cached for 5 minutes per user, range and currency; a change to the caller’s data drops it.',
        querystring: dashboardQuery,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request) => getDashboard(ctx.db, cache, currentUser(request).user, request.query),
  );

  app.get(
    '/performance/cache-stats',
    {
      onRequest: requireRole(ctx, 'admin'),
      schema: {
        tags: ['analytics'],
        summary: 'Hits, misses and size of the in-process caches (admins)',
        response: { 200: cacheStatsSchema, ...errors },
      },
    },
    async () => {
      const links = tracking.links;
      return {
        caches: [
          cache.stats(),
          {
            name: 'tracking_links',
            hits: links.hits,
            misses: links.misses,
            size: links.size,
            hit_rate: hitRate(links.hits, links.misses),
          },
        ],
      };
    },
  );
};
