import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { errorResponse } from '../auth/schema';
import { requireRole } from '../auth/guard';
import { getSettings, toSettingsResponse } from '../settings/queries';
import { adminSettingsSchema } from '../settings/schema';

const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
const denied = { 401: errorResponse, 403: errorResponse };

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const adminOnly = requireRole(ctx, 'admin');

  app.get(
    '/admin/settings',
    { preHandler: adminOnly, schema: { tags: ['admin'], response: { 200: adminSettingsSchema, ...denied } } },
    async () => toSettingsResponse(await getSettings(ctx.db)),
  );

  // The dev outbox (no SMTP configured): lets an operator read the mail the platform would have sent.
  app.get(
    '/admin/outbox',
    {
      preHandler: adminOnly,
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
};
