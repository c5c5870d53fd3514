import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { campaignSchema, createCampaignBody, listCampaignsQuery, updateCampaignBody } from './schema';
import * as campaigns from './service';

export const campaignRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));

  app.get(
    '/campaigns',
    {
      schema: {
        tags: ['campaigns'],
        querystring: listCampaignsQuery,
        response: { 200: z.array(campaignSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await campaigns.listCampaigns(
        ctx.db,
        currentUser(request).user,
        request.query,
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/campaigns/:id',
    {
      schema: { tags: ['campaigns'], params: idParams, response: { 200: campaignSchema, ...resourceErrors } },
    },
    async (request) => campaigns.getCampaign(ctx.db, currentUser(request).user, request.params.id),
  );

  app.post(
    '/campaigns',
    {
      schema: {
        tags: ['campaigns'],
        body: createCampaignBody,
        response: { 201: campaignSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const created = await campaigns.createCampaign(ctx, currentUser(request).user, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/campaigns/:id',
    {
      schema: {
        tags: ['campaigns'],
        params: idParams,
        body: updateCampaignBody,
        response: { 200: campaignSchema, ...resourceErrors },
      },
    },
    async (request) => {
      return campaigns.updateCampaign(ctx, currentUser(request).user, request.params.id, request.body);
    },
  );

  app.post(
    '/campaigns/:id/tracking-secret',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Rotates the postback secret; the old one stops working at once',
        params: idParams,
        response: { 200: campaignSchema, ...resourceErrors },
      },
    },
    async (request) => campaigns.rotateTrackingSecret(ctx.db, currentUser(request).user, request.params.id),
  );

  app.delete(
    '/campaigns/:id',
    {
      schema: {
        tags: ['campaigns'],
        description:
          'Deletes a campaign that never tracked anything (204). A campaign with clicks or commissions keeps its history and is ended instead (200 with the ended campaign).',
        params: idParams,
        response: { 200: campaignSchema, 204: z.null(), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const ended = await campaigns.deleteCampaign(ctx, currentUser(request).user, request.params.id);
      return ended ? reply.code(200).send(ended) : reply.code(204).send(null);
    },
  );
};
