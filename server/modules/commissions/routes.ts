import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { unprocessable } from '../../platform/http-error';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import {
  balanceQuery,
  balanceSchema,
  bulkApproveBody,
  bulkApproveMatchingBody,
  bulkMatchingResultSchema,
  bulkRejectMatchingBody,
  bulkRejectBody,
  bulkResultSchema,
  commissionSchema,
  listCommissionsQuery,
  reasonBody,
  totalsQuery,
  totalsSchema,
} from './schema';
import * as commissions from './service';

export const commissionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['commissions'];
  const one = { 200: commissionSchema, ...resourceErrors };

  app.get(
    '/commissions',
    {
      schema: {
        tags,
        summary: 'Commissions: a publisher’s own, those on an advertiser’s campaigns, all for admins',
        querystring: listCommissionsQuery,
        response: { 200: z.array(commissionSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await commissions.listCommissions(
        ctx.db,
        currentUser(request).user,
        request.query,
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/commissions/totals',
    {
      schema: {
        tags,
        summary: 'Count and sum per status and currency for the same filters as the list',
        querystring: totalsQuery,
        response: { 200: totalsSchema, ...resourceErrors },
      },
    },
    async (request) => commissions.totals(ctx.db, currentUser(request).user, request.query),
  );

  app.get(
    '/commissions/balance',
    {
      schema: {
        tags,
        summary: 'Publisher balance per currency: approved unpaid (clawbacks included) and pending',
        querystring: balanceQuery,
        response: { 200: balanceSchema, ...resourceErrors },
      },
    },
    async (request) => commissions.balance(ctx.db, currentUser(request).user, request.query.publisher_id),
  );

  app.get('/commissions/:id', { schema: { tags, params: idParams, response: one } }, async (request) =>
    commissions.getCommission(ctx.db, currentUser(request).user, request.params.id),
  );

  /** A single decision answers with the commission, or the error that explains why it did not change. */
  const decideOne = async (
    user: ReturnType<typeof currentUser>['user'],
    id: string,
    decision: commissions.Decision,
    reason?: string,
  ) => {
    const { updated, failed } = await commissions.decide(ctx, user, [id], decision, reason);
    if (updated[0]) return updated[0];
    // unchanged: a 404 for what the user may not see, else why it could not change
    await commissions.getCommission(ctx.db, user, id);
    throw unprocessable(failed[0]?.detail ?? 'The commission changed meanwhile; reload and try again');
  };

  app.post(
    '/commissions/:id/approve',
    { schema: { tags, params: idParams, response: one } },
    async (request) => decideOne(currentUser(request).user, request.params.id, 'approve'),
  );

  app.post(
    '/commissions/:id/reject',
    { schema: { tags, params: idParams, body: reasonBody, response: one } },
    async (request) => decideOne(currentUser(request).user, request.params.id, 'reject', request.body.reason),
  );

  app.post(
    '/commissions/:id/reverse',
    {
      schema: {
        tags,
        summary:
          'Refund or chargeback: approved → reversed; paid → a negative clawback commission (returned)',
        params: idParams,
        body: reasonBody,
        response: one,
      },
    },
    async (request) =>
      commissions.reverse(ctx, currentUser(request).user, request.params.id, request.body.reason),
  );

  app.post(
    '/commissions/bulk/approve',
    { schema: { tags, body: bulkApproveBody, response: { 200: bulkResultSchema, ...resourceErrors } } },
    async (request) => commissions.decide(ctx, currentUser(request).user, request.body.ids, 'approve'),
  );

  app.post(
    '/commissions/bulk/reject',
    { schema: { tags, body: bulkRejectBody, response: { 200: bulkResultSchema, ...resourceErrors } } },
    async (request) =>
      commissions.decide(ctx, currentUser(request).user, request.body.ids, 'reject', request.body.reason),
  );
  const matching = { 200: bulkMatchingResultSchema, ...resourceErrors };
  app.post(
    '/commissions/bulk/approve-matching',
    {
      schema: {
        tags,
        summary: 'Approve one batch of the pending commissions matching the filters; answers how many remain',
        body: bulkApproveMatchingBody,
        response: matching,
      },
    },
    async (request) => commissions.decideMatching(ctx, currentUser(request).user, request.body, 'approve'),
  );

  app.post(
    '/commissions/bulk/reject-matching',
    {
      schema: {
        tags,
        summary: 'Reject one batch of the pending commissions matching the filters; answers how many remain',
        body: bulkRejectMatchingBody,
        response: matching,
      },
    },
    async (request) =>
      commissions.decideMatching(ctx, currentUser(request).user, request.body, 'reject', request.body.reason),
  );
};
