import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import { resourceErrors } from '../../platform/route-schemas';
import { ledgerEntrySchema, ledgerHeadSchema, ledgerOwnerQuery, ledgerQuery } from './schema';
import * as ledger from './service';

export const ledgerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['ledger'];

  app.get(
    '/ledger',
    {
      schema: {
        tags,
        summary:
          'A publisher’s earnings ledger, newest first (publishers their own; admins any, with publisher_id)',
        querystring: ledgerQuery,
        response: { 200: z.array(ledgerEntrySchema), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await ledger.listLedger(ctx.db, currentUser(request).user, request.query);
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.get(
    '/ledger/head',
    {
      schema: {
        tags,
        summary: 'The latest entry’s sequence number and hash',
        querystring: ledgerOwnerQuery,
        response: { 200: ledgerHeadSchema, ...resourceErrors },
      },
    },
    async (request) => ledger.ledgerHead(ctx.db, currentUser(request).user, request.query),
  );

  app.get(
    '/ledger/export',
    {
      schema: {
        tags,
        summary:
          'The whole chain, oldest first, as JSON Lines (one entry per line): the input of `npm run ledger:verify`',
        querystring: ledgerOwnerQuery,
        response: { 200: z.any().meta({ description: 'application/jsonl' }), ...resourceErrors },
      },
    },
    async (request, reply) => {
      const lines = await ledger.exportLedger(ctx.db, currentUser(request).user, request.query);
      return reply
        .type('application/jsonl; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="ledger.jsonl"')
        .send(Readable.from(lines));
    },
  );
};
