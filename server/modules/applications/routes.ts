import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { notifyApplication } from '../notifications/application-events';
import {
  applicationSchema,
  applyBody,
  listApplicationsQuery,
  optionalReasonBody,
  reasonBody,
  type Application,
} from './schema';
import * as applications from './service';

export const applicationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['applications'];
  const ok = { 200: applicationSchema, ...resourceErrors };
  /** tells the tracking-link cache (and any other listener) that this application changed */
  const changed = <T extends { id: string; campaign_id: string }>(application: T): T => {
    ctx.events.emit('application.changed', {
      applicationId: application.id,
      campaignId: application.campaign_id,
    });
    return application;
  };
  /** tells the publisher (or, on withdrawal, the advertiser) about a decision; never fails the request */
  const decided = async (application: Application) => {
    await notifyApplication(ctx, 'decided', application, app.log);
    return application;
  };

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
      const application = changed(await applications.apply(ctx.db, currentUser(request).user, request.body));
      await notifyApplication(ctx, 'submitted', application, request.log);
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
      applications
        .decide(ctx.db, currentUser(request).user, request.params.id, 'approve', request.body?.reason)
        .then(changed)
        .then(decided),
  );

  app.post(
    '/applications/:id/reject',
    { schema: { tags, params: idParams, body: reasonBody, response: ok } },
    async (request) =>
      applications
        .decide(ctx.db, currentUser(request).user, request.params.id, 'reject', request.body.reason)
        .then(changed)
        .then(decided),
  );

  app.post(
    '/applications/:id/suspend',
    { schema: { tags, params: idParams, body: reasonBody, response: ok } },
    async (request) =>
      applications
        .decide(ctx.db, currentUser(request).user, request.params.id, 'suspend', request.body.reason)
        .then(changed)
        .then(decided),
  );

  app.post(
    '/applications/:id/withdraw',
    { schema: { tags, params: idParams, response: ok } },
    async (request) =>
      applications
        .decide(ctx.db, currentUser(request).user, request.params.id, 'withdraw')
        .then(changed)
        .then(decided),
  );
};
