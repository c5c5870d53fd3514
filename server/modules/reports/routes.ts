import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { errorResponse } from '../../platform/error-schema';
import { reportQuery, reportSchema } from './schema';
import { buildReport, csvFilename, reportCsvLines } from './service';

export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/reports',
    {
      onRequest: requireAuth(ctx),
      schema: {
        tags: ['reports'],
        summary: 'Performance report grouped by period, campaign, publisher, website, country or sub-id',
        description:
          'Advertisers see their campaigns, publishers their own traffic, admins everything; a campaign_id or publisher_id outside that scope gives an empty report. Money is converted to `currency` with the stored rates. `format=csv` answers text/csv (header row, money in major units, a final `total` row that also carries the `fraud` counts as `held` and `rejected_for_fraud`) instead of JSON.',
        querystring: reportQuery,
        response: {
          200: z.union([reportSchema, z.string().meta({ description: 'text/csv (format=csv)' })]),
          401: errorResponse,
          403: errorResponse,
          422: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const report = await buildReport(ctx.db, currentUser(request).user, request.query);
      if (request.query.format === 'json') return report;
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${csvFilename(report)}"`)
          // a stream is sent as it is, without the serializer: the CSV text is the string variant above
          .send(Readable.from(reportCsvLines(report)) as unknown as string)
      );
    },
  );
};
