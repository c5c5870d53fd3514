import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema/platform';
import { notFound } from '../../platform/http-error';
import { errorResponse } from '../../platform/error-schema';
import { forApiKeys } from '../../platform/api-key-access';
import { currentUser, requireRole } from '../../platform/auth-guard';
import { adminSettingsSchema, updateSettingsBody } from '../settings/service';
import { getAdminSettings, updateAdminSettings } from '../settings/service';
import { auditLogRoutes } from './audit-log-routes';
import { adminUserRoutes } from './user-routes';
import { adminWebsiteRoutes } from './website-routes';

const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
const denied = { 401: errorResponse, 403: errorResponse };

/** Everything under /admin: admins only, checked before the body is even parsed or validated. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const adminOnly = requireRole(ctx, 'admin');
  app.addHook('onRequest', adminOnly);

  app.get(
    '/admin/settings',
    { schema: { tags: ['admin'], response: { 200: adminSettingsSchema, ...denied } } },
    async () => getAdminSettings(ctx),
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        body: updateSettingsBody,
        response: { 200: adminSettingsSchema, 422: errorResponse, ...denied },
      },
    },
    async (request) => updateAdminSettings(ctx, currentUser(request).user.id, request.body),
  );

  // The dev outbox (no SMTP configured): lets an operator read the mail the platform would have sent.
  app.get(
    '/admin/outbox',
    {
      schema: {
        tags: ['admin'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(outboxMail), 404: errorResponse, ...denied },
      },
    },
    async (request) => {
      if (!ctx.mailer.usesOutbox) throw notFound('Mail is sent through SMTP; there is no outbox');
      const rows = await ctx.db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(request.query.limit);
      return rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        created_at: r.createdAt.toISOString(),
      }));
    },
  );

  // an API key never manages users, whatever its scope
  await app.register(forApiKeys('never', adminUserRoutes), { ctx });
  await app.register(auditLogRoutes, { ctx });
  await app.register(adminWebsiteRoutes, { ctx });
};
