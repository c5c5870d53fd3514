import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clickParams, clickQuery } from './schema';
import type { Tracking } from './service';

export const TEST_CLICK_HEADER = 'x-affilio-test';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const headerText = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * A small page that explains itself and links nowhere: no redirect target an attacker could choose. It
 * carries its own strict headers, since the redirect route skips helmet's (see below).
 */
function sendPage(reply: FastifyReply, status: number, title: string, message: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    .send(html);
}

/** `GET /t/{code}` (HEAD too): the hot redirect path. Request logging is off here: it would cost more than the redirect. */
export const clickRoutes: FastifyPluginAsyncZod<{
  tracking: Tracking;
  countryHeader: string | null;
}> = async (app, { tracking, countryHeader }) => {
  // One logger for every redirect instead of a child per request (2% of the main thread under load):
  // warnings and errors from here carry the route, not the request id.
  const log = app.log.child({ route: '/t/:code' }, { level: 'warn' });
  app.get(
    '/t/:code',
    {
      logLevel: 'warn',
      childLoggerFactory: () => log,
      // a 302 gains nothing from a CSP or framing rules, and this is the hottest path: the two small
      // pages set their own headers
      helmet: false,
      schema: {
        tags: ['tracking'],
        summary: 'Tracking link: records a click and redirects to the campaign landing page',
        params: clickParams,
        querystring: clickQuery,
        security: [],
      },
    },
    async (request, reply) => {
      const q = request.query;
      const test = request.headers[TEST_CLICK_HEADER];
      const outcome = await tracking.click({
        code: request.params.code,
        method: request.method,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        referrer: request.headers.referer ?? null,
        subs: [q.sub1 ?? null, q.sub2 ?? null, q.sub3 ?? null, q.sub4 ?? null, q.sub5 ?? null],
        country: countryHeader ? headerText(request.headers[countryHeader]) : null,
        testToken: typeof test === 'string' ? test : null,
      });
      if (outcome.kind === 'unknown') {
        return sendPage(
          reply,
          404,
          'Link not found',
          'This tracking link does not exist. Check the address you were given.',
        );
      }
      if (outcome.kind === 'unavailable') return sendPage(reply, 410, 'Offer unavailable', outcome.message);
      return reply
        .code(302)
        .header('Location', outcome.location)
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer-when-downgrade')
        .send();
    },
  );
};
