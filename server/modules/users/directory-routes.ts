import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { notFound } from '../../platform/http-error';
import { offsetParam } from '../../platform/zod-numbers';
import { currentUser, requireRole } from '../../platform/auth-guard';
import { findAdvertiser, findPublisher, listPublishers } from './directory-queries';

export const publisherSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string().nullable(),
  country: z.string().nullable(),
  created_at: z.string(),
  websites_count: z.number(),
  verified_websites_count: z.number(),
  /** self-declared monthly visitors of the verified websites */
  monthly_visitors: z.number(),
  categories: z.array(z.string()),
});
export type PublisherSummary = z.infer<typeof publisherSummarySchema>;

export const advertiserDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  company_name: z.string().nullable(),
  website: z.string().nullable(),
  country: z.string().nullable(),
  active_campaigns: z.number(),
  created_at: z.string(),
});
export type AdvertiserDetails = z.infer<typeof advertiserDetailsSchema>;

type PublisherRow = NonNullable<Awaited<ReturnType<typeof findPublisher>>>;
const toPublisher = (r: PublisherRow): PublisherSummary => ({
  id: r.id,
  name: r.name,
  display_name: r.displayName,
  country: r.country,
  created_at: r.createdAt.toISOString(),
  websites_count: r.websitesCount,
  verified_websites_count: r.verifiedWebsitesCount,
  monthly_visitors: Number(r.monthlyVisitors),
  categories: r.categories,
});

/** The directories: advertisers (and admins) browse publishers; publishers (and admins) look up advertisers. */
export const directoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/publishers',
    {
      onRequest: requireRole(ctx, 'advertiser', 'admin'),
      schema: {
        tags: ['publishers'],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(10),
          offset: offsetParam,
          search: z.string().trim().max(200).optional(),
        }),
        response: { 200: z.array(publisherSummarySchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await listPublishers(ctx.db, request.query.search || undefined, request.query);
      return reply.header('X-Total-Count', String(total)).send(items.map(toPublisher));
    },
  );

  app.get(
    '/publishers/:id',
    {
      onRequest: requireRole(ctx, 'advertiser', 'admin'),
      schema: {
        tags: ['publishers'],
        params: idParams,
        response: { 200: publisherSummarySchema, ...resourceErrors },
      },
    },
    async (request) => {
      const row = await findPublisher(ctx.db, request.params.id);
      if (!row) throw notFound('Publisher not found');
      return toPublisher(row);
    },
  );

  app.get(
    '/advertisers/:id',
    {
      onRequest: requireRole(ctx, 'publisher', 'admin', 'advertiser'),
      schema: {
        tags: ['advertisers'],
        params: idParams,
        response: { 200: advertiserDetailsSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const viewer = currentUser(request).user;
      const row = await findAdvertiser(ctx.db, request.params.id);
      // advertisers see only their own card; suspended or pending advertisers are not listed to publishers
      const visible =
        row &&
        (viewer.role === 'admin' ||
          (viewer.role === 'advertiser' ? row.id === viewer.id : row.status === 'active'));
      if (!row || !visible) throw notFound('Advertiser not found');
      return {
        id: row.id,
        name: row.name,
        company_name: row.companyName,
        website: row.website,
        country: row.country,
        active_campaigns: row.activeCampaigns,
        created_at: row.createdAt.toISOString(),
      };
    },
  );
};
