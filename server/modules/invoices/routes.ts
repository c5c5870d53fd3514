import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../platform/http-error';
import { idParams, resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireRole } from '../../platform/auth-guard';
import { invoiceCsv } from './invoice-csv';
import { languageOf } from '../../platform/i18n';
import { invoicePdf } from './invoice-pdf';
import { generateBody, invoiceSchema, listInvoicesQuery } from './schema';
import * as invoices from './service';

/**
 * Monthly advertiser invoices: advertisers read their own issued (and paid or void) ones, admins all, and
 * only admins generate and move them on.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireRole(ctx, 'advertiser', 'admin'));
  // the plugin's hook has signed the user in: admin routes only check the role on top
  const admin = async (request: FastifyRequest) => {
    if (currentUser(request).user.role !== 'admin') throw forbidden('Admin access required');
  };
  const tags = ['invoices'];
  const one = { 200: invoiceSchema, ...resourceErrors };

  app.get(
    '/invoices',
    {
      schema: {
        tags,
        summary: 'Invoices: an advertiser’s own issued, paid and void ones; every invoice for admins',
        querystring: listInvoicesQuery,
        response: { 200: z.array(invoiceSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await invoices.listInvoices(ctx.db, currentUser(request).user, request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/invoices/generate',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Makes the draft invoices of an ended month (one advertiser, or all): answers those it made; running it again makes none twice. With e-mail verification on, advertisers who have not confirmed their address are skipped (their number in `X-Skipped-Unverified`; one named advertiser answers 422)',
        body: generateBody,
        response: { 200: z.array(invoiceSchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const outcome = await invoices.generateInvoicesWithSkips(ctx.db, request.body, {
        actorId: currentUser(request).user.id,
        requireEmailVerification: ctx.config.requireEmailVerification,
      });
      return reply
        .header('X-Skipped-Unverified', String(outcome.skippedUnverified.length))
        .send(outcome.invoices);
    },
  );

  app.get('/invoices/:id', { schema: { tags, params: idParams, response: one } }, async (request) =>
    invoices.getInvoice(ctx.db, currentUser(request).user, request.params.id),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags,
        summary: 'The invoice as an A4 PDF',
        params: idParams,
        response: { 200: z.string().meta({ description: 'application/pdf' }), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const invoice = await invoices.getInvoice(ctx.db, currentUser(request).user, request.params.id);
      // the advertiser's document, in the advertiser's language whoever downloads it
      const pdf = await invoicePdf(invoice, { language: await languageOf(ctx.db, invoice.advertiser_id) });
      return (
        reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${invoice.number}.pdf"`)
          // a Buffer is sent as it is, without the serializer: the PDF bytes are the string variant above
          .send(pdf as unknown as string)
      );
    },
  );

  app.get(
    '/invoices/:id/csv',
    {
      schema: {
        tags,
        summary: 'The invoice as CSV: its lines, subtotal, fee and total (money in major units)',
        params: idParams,
        response: { 200: z.string().meta({ description: 'text/csv' }), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const invoice = await invoices.getInvoice(ctx.db, currentUser(request).user, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${invoice.number}.csv"`)
        .send(invoiceCsv(invoice));
    },
  );

  const transition = (action: invoices.InvoiceAction, summary: string) =>
    app.post(
      `/invoices/:id/${action}`,
      { onRequest: admin, schema: { tags, summary, params: idParams, response: one } },
      async (request) =>
        invoices.transitionInvoice(ctx, currentUser(request).user, request.params.id, action),
    );
  transition('issue', 'Draft → issued: due in 30 days; the advertiser is notified');
  transition('paid', 'Issued → paid');
  transition('void', 'Draft or issued → void: its commissions can be invoiced again');
};
