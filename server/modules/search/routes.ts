import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { resourceErrors } from '../../platform/route-schemas';
import { currentUser, requireAuth } from '../../platform/auth-guard';
import {
  globalSearchQuery,
  globalSearchSchema,
  scopedSearchQuery,
  searchResultSchema,
  suggestionsQuery,
} from './schema';
import * as search from './service';
import { SEARCH_SCOPES } from '../../../contracts/search';

/**
 * Search over everything the caller may see (each scope applies its list endpoint's rule). Queries under
 * 2 characters answer empty results, never an error.
 */
export const searchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireAuth(ctx));
  const tags = ['search'];

  app.get(
    '/search/global',
    {
      schema: {
        tags,
        summary: 'Up to `limit` results per type, grouped by type, best matches first',
        querystring: globalSearchQuery,
        response: { 200: globalSearchSchema, ...resourceErrors },
      },
    },
    async (request) => search.globalSearch(ctx.db, currentUser(request).user, request.query),
  );

  app.get(
    '/search/suggestions',
    {
      schema: {
        tags,
        summary: 'Up to 10 completions from the names the caller may see',
        querystring: suggestionsQuery,
        response: { 200: z.array(z.string()), ...resourceErrors },
      },
    },
    async (request) => search.suggestions(ctx.db, currentUser(request).user, request.query.q),
  );

  // one static route per scope (each documented on its own), all answered by the same handler
  for (const scope of SEARCH_SCOPES) {
    app.get(
      `/search/${scope}`,
      {
        schema: {
          tags,
          summary: `${scope}: one type of result, paginated (\`X-Total-Count\`)`,
          querystring: scopedSearchQuery,
          response: { 200: z.array(searchResultSchema), ...resourceErrors },
        },
      },
      async (request, reply) => {
        const { items, total } = await search.scopedSearch(
          ctx.db,
          currentUser(request).user,
          scope,
          request.query,
        );
        return reply.header('X-Total-Count', String(total)).send(items);
      },
    );
  }
};
