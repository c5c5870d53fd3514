import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import {
  messageResponse,
  removedResponse,
  subscribeBody,
  subscriptionSchema,
  subscriptionsResponse,
  unsubscribeBody,
  unsubscribeQuery,
} from './schema';
import type { PushService } from './service';

/** The signed-in user's browser push subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; push: PushService }> = async (
  app,
  { ctx, push },
) => {
  // before validation, so a caller without a session learns nothing about the input rules
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['push'];
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).user.id;

  app.get(
    '/my/push/subscriptions',
    { schema: { tags, response: { 200: subscriptionsResponse, ...resourceErrors } } },
    async (request) => push.list(me(request)),
  );

  app.post(
    '/my/push/subscribe',
    {
      schema: {
        tags,
        description:
          'Saves the browser’s PushSubscription (upsert by endpoint: one endpoint is one browser, owned by whoever subscribed last).',
        body: subscribeBody,
        response: { 201: subscriptionSchema, ...resourceErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await push.subscribe(me(request), request.body)),
  );

  app.delete(
    '/my/push/unsubscribe',
    {
      schema: {
        tags,
        description:
          'Removes my subscription for `endpoint` (JSON body or query); without one, all of my subscriptions.',
        body: unsubscribeBody,
        querystring: unsubscribeQuery,
        response: { 200: removedResponse, ...resourceErrors },
      },
    },
    async (request) => push.unsubscribe(me(request), request.body?.endpoint ?? request.query.endpoint),
  );

  app.post(
    '/my/push/test',
    { schema: { tags, response: { 200: messageResponse, ...resourceErrors } } },
    async (request) => push.sendTest(me(request)),
  );
};
