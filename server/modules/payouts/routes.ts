import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth, requireRole } from '../../platform/auth-guard';
import { decideMany, decidePayout } from './decisions';
import { exportPayoutsCsv } from './export';
import {
  bulkApproveBody,
  bulkPaidBody,
  bulkResultSchema,
  eligibilitySchema,
  failureBody,
  listPayoutsQuery,
  payoutDetailQuery,
  payoutDetailSchema,
  payoutSchema,
  referenceBody,
  requestPayoutBody,
} from './schema';
import * as payouts from './service';

const tags = ['payouts'];
const one = { 200: payoutSchema, ...resourceErrors };

/** Publishers request and follow their payouts; admins see and decide all of them. */
export const payoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(readAndRequestRoutes, { ctx });
  await app.register(decisionRoutes, { ctx });
};

const readAndRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));

  app.post(
    '/payouts',
    {
      schema: {
        tags,
        summary:
          'Publisher: request a payout of the whole approved, unpaid balance in one currency (clawbacks included)',
        body: requestPayoutBody,
        response: { 201: payoutSchema, ...resourceErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await payouts.requestPayout(ctx, currentUser(request), request.body.currency)),
  );

  app.get(
    '/payouts',
    {
      schema: {
        tags,
        summary: 'A publisher’s own payouts, all for admins; `format=csv` exports the same filters as CSV',
        querystring: listPayoutsQuery,
        response: {
          200: z.union([z.array(payoutSchema), z.string().meta({ description: 'text/csv (format=csv)' })]),
          ...resourceErrors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request).user;
      if (request.query.format === 'csv') {
        const { csv, total } = await exportPayoutsCsv(ctx.db, user, request.query);
        return reply
          .header('X-Total-Count', String(total))
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="payouts.csv"')
          .send(csv);
      }
      const { items, total } = await payouts.listPayouts(ctx.db, user, request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/payouts/eligibility',
    {
      schema: {
        tags,
        summary: 'Publisher: per currency, the balance a payout would take, the minimum and what blocks one',
        response: { 200: eligibilitySchema, ...resourceErrors },
      },
    },
    async (request) => payouts.eligibility(ctx, currentUser(request)),
  );

  app.get(
    '/payouts/:id',
    {
      schema: {
        tags,
        summary: 'One payout with what it covers per campaign and a page of its commissions',
        params: idParams,
        querystring: payoutDetailQuery,
        response: { 200: payoutDetailSchema, ...resourceErrors },
      },
    },
    async (request) => payouts.getPayout(ctx.db, currentUser(request).user, request.params.id, request.query),
  );
};

const decisionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole(ctx, 'admin'));

  app.post(
    '/payouts/:id/approve',
    { schema: { tags, summary: 'Admin: requested → processing', params: idParams, response: one } },
    async (request) =>
      decidePayout(ctx, currentUser(request).user, request.params.id, { decision: 'approved' }),
  );

  app.post(
    '/payouts/:id/paid',
    {
      schema: {
        tags,
        summary: 'Admin: processing → paid with the transfer reference; its commissions become paid',
        params: idParams,
        body: referenceBody,
        response: one,
      },
    },
    async (request) =>
      decidePayout(ctx, currentUser(request).user, request.params.id, {
        decision: 'paid',
        reference: request.body.reference,
      }),
  );

  app.post(
    '/payouts/:id/failed',
    {
      schema: {
        tags,
        summary: 'Admin: requested | processing → failed; its commissions go back to the balance',
        params: idParams,
        body: failureBody,
        response: one,
      },
    },
    async (request) =>
      decidePayout(ctx, currentUser(request).user, request.params.id, {
        decision: 'failed',
        reason: request.body.reason,
      }),
  );

  app.post(
    '/payouts/bulk/approve',
    {
      schema: {
        tags,
        summary: 'Admin: approve many requested payouts; answers which changed and why others did not',
        body: bulkApproveBody,
        response: { 200: bulkResultSchema, ...resourceErrors },
      },
    },
    async (request) =>
      decideMany(
        ctx,
        currentUser(request).user,
        [...new Set(request.body.ids)].map((id) => ({ id, input: { decision: 'approved' as const } })),
      ),
  );

  app.post(
    '/payouts/bulk/paid',
    {
      schema: {
        tags,
        summary: 'Admin: mark many processing payouts paid, each with its own transfer reference',
        body: bulkPaidBody,
        response: { 200: bulkResultSchema, ...resourceErrors },
      },
    },
    async (request) =>
      decideMany(
        ctx,
        currentUser(request).user,
        request.body.items.map(({ id, reference }) => ({
          id,
          input: { decision: 'paid' as const, reference },
        })),
      ),
  );
};
