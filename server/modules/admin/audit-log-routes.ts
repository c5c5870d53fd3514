import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser } from '../../platform/auth-guard';
import { toLanguage } from '../../platform/i18n';
import { resourceErrors } from '../../platform/route-schemas';
import { listAuditActions } from './audit-log-queries';
import { exportAuditCsv, listAuditEntries } from './audit-log-service';
import { auditEntrySchema, auditLogQuery } from './schema';

/** The audit log page: who changed what, before/after, when; JSON pages or one CSV export. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['admin'];

  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags,
        querystring: auditLogQuery,
        response: {
          200: z.union([z.array(auditEntrySchema), z.string().meta({ description: 'text/csv' })]),
          ...resourceErrors,
        },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const { csv, total } = await exportAuditCsv(ctx.db, request.query);
        return reply
          .header('X-Total-Count', String(total))
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
          .send(csv);
      }
      const { items, total } = await listAuditEntries(
        ctx.db,
        request.query,
        toLanguage(currentUser(request).user.language),
      );
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/admin/audit-log/actions',
    { schema: { tags, response: { 200: z.array(z.string()), ...resourceErrors } } },
    async () => listAuditActions(ctx.db),
  );
};
