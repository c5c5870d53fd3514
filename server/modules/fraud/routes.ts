import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../platform/http-error';
import { resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { bulkResultSchema } from '../commissions/service';
import { canEditFraudDefaults, canReviewFraud } from './policy';
import { decideQueue, fraudSummary, listQueue } from './queue';
import {
  decideBody,
  fraudSettingsSchema,
  queueItemSchema,
  queueQuery,
  summaryQuery,
  summarySchema,
  updateFraudSettingsBody,
} from './schema';
import { getFraudSettings, updateFraudSettings } from './settings';

export const fraudRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['fraud'];

  app.get(
    '/fraud/queue',
    {
      schema: {
        tags,
        summary:
          'Review queue: commissions the fraud rules held (or rejected), with each rule’s figures, the conversion, its click and the publisher’s record',
        querystring: queueQuery,
        response: { 200: z.array(queueItemSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await listQueue(ctx.db, currentUser(request).user, request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/fraud/queue/decide',
    {
      schema: {
        tags,
        summary:
          'Approve or reject held commissions (all or none: one not in your queue answers 404); reject needs a reason',
        body: decideBody,
        response: { 200: bulkResultSchema, ...resourceErrors },
      },
    },
    async (request) => decideQueue(ctx, currentUser(request).user, request.body),
  );

  app.get(
    '/fraud/summary',
    {
      schema: {
        tags,
        summary: 'Held and rejected-for-fraud counts: your own, your campaigns’, or all for admins',
        querystring: summaryQuery,
        response: { 200: summarySchema, ...resourceErrors },
      },
    },
    async (request) => fraudSummary(ctx.db, currentUser(request).user, request.query),
  );

  app.get(
    '/fraud/settings',
    {
      schema: {
        tags,
        summary: 'The platform’s default fraud thresholds and each rule’s weight (advertisers and admins)',
        response: { 200: fraudSettingsSchema, ...resourceErrors },
      },
    },
    async (request) => {
      if (!canReviewFraud(currentUser(request).user))
        throw forbidden('Only advertisers and admins see the fraud thresholds');
      return getFraudSettings(ctx.db);
    },
  );

  app.put(
    '/fraud/settings',
    {
      schema: {
        tags,
        summary: 'Set the platform’s default fraud thresholds (admins); null restores a built-in value',
        body: updateFraudSettingsBody,
        response: { 200: fraudSettingsSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const { user } = currentUser(request);
      if (!canEditFraudDefaults(user)) throw forbidden('Only admins change the platform defaults');
      return updateFraudSettings(ctx.db, user, request.body);
    },
  );
};
