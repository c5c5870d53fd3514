import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireRole } from '../../platform/auth-guard';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import type { DeliveryKick } from './deliveries';
import * as postbacks from './postbacks-service';
import {
  createPostbackBody,
  deliveryParams,
  deliverySchema,
  listDeliveriesQuery,
  postbackSchema,
  previewQuery,
  previewSchema,
  updatePostbackBody,
} from './schema';

/** Publishers' outgoing server-to-server postbacks (macros filled per conversion), logs, tests and resends. */
export const publisherPostbackRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  worker: DeliveryKick;
}> = async (app, { ctx, worker }) => {
  app.addHook('onRequest', requireRole(ctx, 'publisher'));
  const tags = ['publisher-postbacks'];
  const rules = { allowPrivate: ctx.config.allowPrivateNetworks };

  app.get(
    '/publisher-postbacks',
    { schema: { tags, response: { 200: z.array(postbackSchema), ...resourceErrors } } },
    async (request) => postbacks.listPostbacks(ctx.db, currentUser(request).user),
  );

  app.post(
    '/publisher-postbacks',
    {
      schema: {
        tags,
        description:
          'Adds a postback URL. Macros: {click_id} {transaction_id} {sub1}…{sub5} {conversion_id} {order_id} {event} {status} {payout} {payout_minor} {currency} {campaign_id} {campaign_name} {timestamp}, URL-encoded when filled.',
        body: createPostbackBody,
        response: { 201: postbackSchema, ...resourceErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await postbacks.createPostback(ctx.db, rules, currentUser(request).user, request.body)),
  );

  app.get(
    '/publisher-postbacks/preview',
    {
      schema: {
        tags,
        description:
          'The macro values of your latest real conversion (in the campaign, or any), or sample values when there is none.',
        querystring: previewQuery,
        response: { 200: previewSchema, ...resourceErrors },
      },
    },
    async (request) =>
      postbacks.previewValues(ctx.db, currentUser(request).user, request.query.campaign_id ?? null),
  );

  app.put(
    '/publisher-postbacks/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updatePostbackBody,
        response: { 200: postbackSchema, ...resourceErrors },
      },
    },
    async (request) =>
      postbacks.updatePostback(ctx.db, rules, currentUser(request).user, request.params.id, request.body),
  );

  app.delete(
    '/publisher-postbacks/:id',
    { schema: { tags, params: idParams, response: { 204: z.null(), ...resourceErrors } } },
    async (request, reply) => {
      await postbacks.deletePostback(ctx.db, currentUser(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/publisher-postbacks/:id/test',
    {
      schema: {
        tags,
        description: 'Sends the postback once, filled like the preview; it appears in the log.',
        params: idParams,
        response: { 202: deliverySchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const delivery = await postbacks.sendPostbackTest(ctx.db, currentUser(request).user, request.params.id);
      worker.wake();
      return reply.code(202).send(delivery);
    },
  );

  app.get(
    '/publisher-postbacks/:id/deliveries',
    {
      schema: {
        tags,
        params: idParams,
        querystring: listDeliveriesQuery,
        response: { 200: z.array(deliverySchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await postbacks.listPostbackDeliveries(
        ctx.db,
        currentUser(request).user,
        request.params.id,
        request.query,
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/publisher-postbacks/:id/deliveries/:deliveryId/resend',
    { schema: { tags, params: deliveryParams, response: { 202: deliverySchema, ...resourceErrors } } },
    async (request, reply) => {
      const delivery = await postbacks.resendPostbackDelivery(
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
