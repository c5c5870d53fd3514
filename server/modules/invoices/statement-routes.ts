import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../platform/http-error';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { headAfter } from '../ledger/service';
import { statementPdf } from './statement-pdf';
import { findPayoutForStatement, payoutCommissions } from './statement-queries';

/** A paid payout's statement PDF, for the publisher it paid and for admins; anyone else gets a 404. */
export const statementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));

  app.get(
    '/payouts/:id/statement.pdf',
    {
      schema: {
        tags: ['payouts'],
        summary: 'The statement of a paid payout as an A4 PDF (its publisher or an admin)',
        params: idParams,
        response: { 200: z.string().meta({ description: 'application/pdf' }), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request).user;
      const found = await findPayoutForStatement(ctx.db, request.params.id);
      if (!found || (user.role !== 'admin' && found.payout.publisherId !== user.id)) {
        throw notFound('Payout not found');
      }
      if (found.payout.status !== 'paid') {
        throw conflict(`The payout is ${found.payout.status}; a statement exists once it is paid`);
      }
      const [lines, ledgerHead] = await Promise.all([
        payoutCommissions(ctx.db, found.payout.id),
        headAfter(ctx.db, found.payout.id),
      ]);
      const pdf = await statementPdf(found, lines, { ledgerHead });
      const name = `payout-statement-${found.payout.id.slice(0, 8)}.pdf`;
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          // a Buffer is sent as it is, without the serializer: the PDF bytes are the string variant above
          .send(pdf as unknown as string)
      );
    },
  );
};
