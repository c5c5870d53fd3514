import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import {
  createWebsiteBody,
  listWebsitesQuery,
  updateWebsiteBody,
  verifyWebsiteBody,
  websiteSchema,
} from './schema';
import * as websites from './service';

export const websiteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['websites'];

  app.get(
    '/websites',
    {
      schema: {
        tags,
        querystring: listWebsitesQuery,
        response: { 200: z.array(websiteSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await websites.listWebsites(ctx.db, currentUser(request).user, request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/websites',
    { schema: { tags, body: createWebsiteBody, response: { 201: websiteSchema, ...resourceErrors } } },
    async (request, reply) =>
      reply.code(201).send(await websites.createWebsite(ctx.db, currentUser(request).user, request.body)),
  );

  app.get(
    '/websites/:id',
    { schema: { tags, params: idParams, response: { 200: websiteSchema, ...resourceErrors } } },
    async (request) => websites.getWebsite(ctx.db, currentUser(request).user, request.params.id),
  );

  app.put(
    '/websites/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateWebsiteBody,
        response: { 200: websiteSchema, ...resourceErrors },
      },
    },
    async (request) =>
      websites.updateWebsite(ctx.db, currentUser(request).user, request.params.id, request.body),
  );

  app.delete(
    '/websites/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...resourceErrors } } },
    async (request, reply) => {
      await websites.deleteWebsite(ctx.db, currentUser(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/websites/:id/verify',
    {
      schema: {
        tags,
        params: idParams,
        body: verifyWebsiteBody,
        response: { 200: websiteSchema, ...resourceErrors },
      },
    },
    async (request) =>
      websites.verifyWebsite(
        ctx.db,
        ctx.verification,
        currentUser(request).user,
        request.params.id,
        request.body.method,
      ),
  );
};
