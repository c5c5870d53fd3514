import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { apiKeySchema, createApiKeyBody, createdApiKeySchema } from './schema';
import * as apiKeys from './service';

/** A user's own API keys. A key can never manage keys: these routes take a signed-in session only. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['api-keys'];
  const config = { apiKey: 'never' } as const;

  app.get(
    '/api-keys',
    {
      config,
      schema: {
        tags,
        summary: 'Your API keys (without their secrets), newest first',
        response: { 200: z.array(apiKeySchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const items = await apiKeys.listApiKeys(ctx.db, currentUser(request).user);
      return reply.header('X-Total-Count', String(items.length)).send(items);
    },
  );

  app.post(
    '/api-keys',
    {
      config,
      schema: {
        tags,
        summary: 'Create an API key; the answer’s `key` is the secret, shown this once',
        body: createApiKeyBody,
        response: { 201: createdApiKeySchema, ...resourceErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await apiKeys.createApiKey(ctx.db, currentUser(request).user, request.body)),
  );

  app.delete(
    '/api-keys/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke an API key: it stops working at once',
        params: idParams,
        response: { 204: z.null(), ...resourceErrors },
      },
    },
    async (request, reply) => {
      await apiKeys.revokeApiKey(ctx.db, currentUser(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
