import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import {
  checkProfileSchema,
  dismissedSchema,
  enhancedStatsSchema,
  fieldParams,
  idsBody,
  limitQuery,
  listNotificationsQuery,
  notificationSchema,
  statsSchema,
  updatedSchema,
} from './schema';
import * as notifications from './service';

/** The signed-in user's notifications; every call touches only their own. */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // before validation, so a caller without a session learns nothing about the input rules
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['notifications'];
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).user.id;
  /** the reader: texts come back in their profile's language of the moment */
  const reader = (request: Parameters<typeof currentUser>[0]) => {
    const { user } = currentUser(request);
    return { id: user.id, language: user.language };
  };
  const one = { 200: notificationSchema, ...resourceErrors };

  for (const url of ['/notifications/', '/notifications']) {
    app.get(
      url,
      {
        schema: {
          tags,
          hide: url === '/notifications',
          querystring: listNotificationsQuery,
          response: { 200: z.array(notificationSchema), ...resourceErrors },
        },
      },
      async (request, reply) => {
        const { items, total } = await notifications.listNotifications(ctx.db, reader(request), request.query);
        return reply.header('X-Total-Count', String(total)).send(items);
      },
    );
  }

  app.get(
    '/notifications/stats',
    { schema: { tags, response: { 200: statsSchema, ...resourceErrors } } },
    async (request) => notifications.stats(ctx.db, me(request)),
  );

  app.get(
    '/notifications/stats/enhanced',
    { schema: { tags, response: { 200: enhancedStatsSchema, ...resourceErrors } } },
    async (request) => notifications.enhancedStats(ctx.db, me(request)),
  );

  app.get(
    '/notifications/action-required',
    {
      schema: {
        tags,
        querystring: limitQuery,
        response: { 200: z.array(notificationSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await notifications.actionRequired(ctx.db, reader(request), request.query.limit);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.put(
    '/notifications/bulk/read',
    { schema: { tags, body: idsBody, response: { 200: updatedSchema, ...resourceErrors } } },
    async (request) => notifications.markManyRead(ctx.db, me(request), request.body?.notification_ids),
  );

  app.post(
    '/notifications/mark-important-as-read',
    { schema: { tags, body: idsBody, response: { 200: updatedSchema, ...resourceErrors } } },
    async (request) => notifications.markImportantRead(ctx.db, me(request), request.body?.notification_ids),
  );

  app.put('/notifications/:id/read', { schema: { tags, params: idParams, response: one } }, async (request) =>
    notifications.markRead(ctx.db, reader(request), request.params.id),
  );

  app.put(
    '/notifications/:id/archive',
    { schema: { tags, params: idParams, response: one } },
    async (request) => notifications.archive(ctx.db, reader(request), request.params.id),
  );

  app.delete(
    '/notifications/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...resourceErrors } } },
    async (request, reply) => {
      await notifications.remove(ctx.db, me(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/notifications/profile-completion',
    { schema: { tags, response: { 200: z.array(notificationSchema), ...resourceErrors } } },
    async (request) => notifications.openProfileCompletion(ctx.db, reader(request)),
  );

  app.post(
    '/notifications/check-profile-completion',
    { schema: { tags, response: { 200: checkProfileSchema, ...resourceErrors } } },
    async (request) => notifications.checkProfileCompletion(ctx.db, me(request)),
  );

  app.post(
    '/notifications/dismiss-profile-completion/:field',
    { schema: { tags, params: fieldParams, response: { 200: dismissedSchema, ...resourceErrors } } },
    async (request) => notifications.dismissProfileCompletion(ctx.db, me(request), request.params.field),
  );
};
