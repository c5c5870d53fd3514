import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { campaignIdParams, couponSchema, createCouponBody, listCouponsQuery } from './schema';
import * as coupons from './service';

const tags = ['coupons'];

export const couponRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));

  app.get(
    '/campaigns/:id/coupons',
    {
      schema: {
        tags,
        summary: 'A campaign’s coupon codes (a publisher sees their own)',
        params: campaignIdParams,
        querystring: listCouponsQuery.omit({ campaign_id: true }),
        response: { 200: z.array(couponSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await coupons.listCampaignCoupons(
        ctx.db,
        currentUser(request).user,
        request.params.id,
        request.query,
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/campaigns/:id/coupons',
    {
      schema: {
        tags,
        summary: 'Gives an approved publisher a coupon code on the campaign',
        description:
          'A postback with `coupon` and no `click_id` is attributed to the code’s publisher. Codes are unique per campaign without regard to case and stored upper-case.',
        params: campaignIdParams,
        body: createCouponBody,
        response: { 201: couponSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const created = await coupons.createCoupon(
        ctx.db,
        currentUser(request).user,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/coupons',
    {
      schema: {
        tags,
        summary: 'Coupon codes: a publisher’s own, an advertiser’s campaigns’, every one for admins',
        querystring: listCouponsQuery,
        response: { 200: z.array(couponSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await coupons.listMyCoupons(ctx.db, currentUser(request).user, request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.delete(
    '/coupons/:id',
    {
      schema: {
        tags,
        summary: 'Revokes a coupon code: postbacks with it are refused (422) from then on',
        params: idParams,
        response: { 204: z.null(), ...resourceErrors },
      },
    },
    async (request, reply) => {
      await coupons.revokeCoupon(ctx.db, currentUser(request).user, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
