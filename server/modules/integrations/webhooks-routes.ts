import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireRole } from '../../platform/auth-guard';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import type { DeliveryKick } from './deliveries';
import {
  createWebhookBody,
  deliveryParams,
  deliverySchema,
  listDeliveriesQuery,
  updateWebhookBody,
  webhookSchema,
} from './schema';
import * as webhooks from './webhooks-service';

/** Advertisers' and admins' webhook endpoints, their delivery logs, test events and resends. */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; worker: DeliveryKick }> = async (
  app,
  { ctx, worker },
) => {
  app.addHook('onRequest', requireRole(ctx, 'advertiser', 'admin'));
  const tags = ['webhooks'];
  const rules = { allowPrivate: ctx.config.allowPrivateNetworks };

  app.get(
    '/webhooks',
    { schema: { tags, response: { 200: z.array(webhookSchema), ...resourceErrors } } },
    async (request) => webhooks.listWebhooks(ctx.db, currentUser(request).user),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        description:
          'Creates an endpoint. Deliveries follow Standard Webhooks: body `{ id, type, created_at, data }`, headers webhook-id, webhook-timestamp, webhook-signature (verify with the `secret` and a standardwebhooks library).',
        body: createWebhookBody,
        response: { 201: webhookSchema, ...resourceErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await webhooks.createWebhook(ctx.db, rules, currentUser(request).user, request.body)),
  );

  app.get(
    '/webhooks/:id',
    { schema: { tags, params: idParams, response: { 200: webhookSchema, ...resourceErrors } } },
    async (request) => webhooks.getWebhook(ctx.db, currentUser(request).user, request.params.id),
  );

  app.put(
    '/webhooks/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateWebhookBody,
        response: { 200: webhookSchema, ...resourceErrors },
      },
    },
    async (request) =>
      webhooks.updateWebhook(ctx.db, rules, currentUser(request).user, request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...resourceErrors } } },
    async (request, reply) => {
      await webhooks.deleteWebhook(ctx.db, currentUser(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        description: 'Queues a `webhook.test` event for this endpoint only; its delivery appears in the log.',
        params: idParams,
        response: { 202: deliverySchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.sendWebhookTest(ctx.db, currentUser(request).user, request.params.id);
      worker.wake();
      return reply.code(202).send(delivery);
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        params: idParams,
        querystring: listDeliveriesQuery,
        response: { 200: z.array(deliverySchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await webhooks.listWebhookDeliveries(
        ctx.db,
        currentUser(request).user,
        request.params.id,
        request.query,
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        description: 'Sends the event of a logged delivery again (a new attempt with the same webhook-id).',
        params: deliveryParams,
        response: { 202: deliverySchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const delivery = await webhooks.resendWebhookDelivery(
        ctx.db,
        currentUser(request).user,
        request.params.id,
        request.params.deliveryId,
      );
      worker.wake();
      return reply.code(202).send(delivery);
    },
  );
};
