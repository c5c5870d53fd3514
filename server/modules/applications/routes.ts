import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import {
  applicationSchema,
  applyBody,
  listApplicationsQuery,
  optionalReasonBody,
  reasonBody,
} from './schema';
import * as applications from './service';

export const applicationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['applications'];
  const ok = { 200: applicationSchema, ...resourceErrors };
  app.get(
    '/applications',
    {
      schema: {
        tags,
        querystring: listApplicationsQuery,
        response: { 200: z.array(applicationSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await applications.listApplications(
        ctx.db,
        currentUser(request).user,
        request.query,
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/applications',
    { schema: { tags, body: applyBody, response: { 201: applicationSchema, ...resourceErrors } } },
    async (request, reply) => {
      const application = await applications.apply(ctx, currentUser(request).user, request.body);
      return reply.code(201).send(application);
    },
  );

  app.get('/applications/:id', { schema: { tags, params: idParams, response: ok } }, async (request) =>
    applications.getApplication(ctx.db, currentUser(request).user, request.params.id),
  );

  app.post(
    '/applications/:id/approve',
    { schema: { tags, params: idParams, body: optionalReasonBody, response: ok } },
    async (request) =>
      applications.decide(ctx, currentUser(request).user, request.params.id, 'approve', request.body?.reason),
  );

  app.post(
    '/applications/:id/reject',
    { schema: { tags, params: idParams, body: reasonBody, response: ok } },
    async (request) =>
      applications.decide(ctx, currentUser(request).user, request.params.id, 'reject', request.body.reason),
  );

  app.post(
    '/applications/:id/suspend',
    { schema: { tags, params: idParams, body: reasonBody, response: ok } },
    async (request) =>
      applications.decide(ctx, currentUser(request).user, request.params.id, 'suspend', request.body.reason),
  );

  app.post(
    '/applications/:id/withdraw',
    { schema: { tags, params: idParams, response: ok } },
    async (request) => applications.decide(ctx, currentUser(request).user, request.params.id, 'withdraw'),
  );
};
