import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponse } from '../../platform/error-schema';
import { requireAuth } from '../../platform/auth-guard';
import { publicSettingsSchema } from './schema';
import { getPublicSettings } from './service';

/** Settings every signed-in user needs (the admin settings themselves are under /admin/settings). */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/settings/public',
    {
      onRequest: requireAuth(ctx),
      schema: { tags: ['settings'], response: { 200: publicSettingsSchema, 401: errorResponse } },
    },
    async () => getPublicSettings(ctx),
  );
};
