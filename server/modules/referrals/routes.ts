import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { referralsQuery, referralsSchema } from './schema';
import { getReferrals } from './service';

/** Two-tier: a publisher's referral link and the publishers it brought in. */
export const referralRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/referrals',
    {
      onRequest: requireAuth(ctx),
      schema: {
        tags: ['referrals'],
        summary:
          'A publisher’s referral code, sign-up link and referred publishers with earnings (admins: publisher_id)',
        querystring: referralsQuery,
        response: { 200: referralsSchema, ...resourceErrors },
      },
    },
    async (request) =>
      getReferrals(
        ctx,
        currentUser(request).user,
        `${request.protocol}://${request.host}`,
        request.query.publisher_id,
      ),
  );
};
