import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser } from '../../platform/auth-guard';
import { msg } from '../../platform/i18n';
import { websiteSchema } from '../websites/service';
import { markWebsiteVerified } from '../websites/service';

/** Website moderation; admin-only via the parent plugin. */
export const adminWebsiteRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/admin/websites/:id/verify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a website verified by hand',
        params: idParams,
        response: { 200: websiteSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const { website, changed } = await markWebsiteVerified(
        ctx.db,
        currentUser(request).user,
        request.params.id,
      );
      if (changed) {
        await ctx.notifier
          .notify(website.publisher_id, {
            category: 'system',
            title: msg('notifications:website.verified.title', { name: website.name }),
            body: msg('notifications:website.verified.body', { url: website.url }),
            link: '/websites',
            data: { type: 'website', id: website.id },
          })
          .catch((err: unknown) => request.log.error({ err }, 'could not notify about a verified website'));
      }
      return website;
    },
  );
};
