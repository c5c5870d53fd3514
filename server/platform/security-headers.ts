import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import helmet from 'helmet';

/**
 * Security headers on every answer. The CSP is what the built PWA needs: its own scripts, workers and
 * manifest only, and the inline scripts of its index.html by their hashes (`scriptSrc`); inline styles
 * because Mantine injects its CSS variables as <style> elements; images also from data:/blob: (previews). No
 * framing anywhere (`frame-ancestors 'none'`).
 */
const helmetOptions = (scriptSrc: readonly string[]) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: [...scriptSrc],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  // HSTS belongs to the TLS-terminating proxy; a plain-HTTP self-hosted install must stay reachable
  strictTransportSecurity: false as const,
});

/**
 * @fastify/helmet, applied globally, builds helmet's middleware anew for every request (parsing the CSP
 * directives each time: ~4.5% of the server's CPU under postback load). It stays registered, not global, for
 * its route option (`helmet: false` on the tracking link's routes) and reply decorators; the headers come
 * from one middleware built here, the same helmet with the same options, so every answer carries exactly
 * the headers it did (tests/api/security-headers.test.ts). It is built again only when `scriptSrc` gives
 * other sources (a new build's start script): with plain strings helmet writes one precomputed CSP header,
 * where a function in the directives would have it assembled on every answer.
 */
const SELF_ONLY: readonly string[] = ["'self'"];

export async function registerSecurityHeaders(
  app: FastifyInstance,
  scriptSrc: () => readonly string[] = () => SELF_ONLY,
): Promise<void> {
  let builtFor = scriptSrc();
  let apply = helmet(helmetOptions(builtFor));
  await app.register(fastifyHelmet, { ...helmetOptions(builtFor), global: false });
  app.addHook('onRequest', (request, reply, done) => {
    // a route with helmet options of its own (or `helmet: false`) is left to @fastify/helmet
    if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return done();
    const sources = scriptSrc();
    if (sources !== builtFor) {
      apply = helmet(helmetOptions(sources));
      builtFor = sources;
    }
    apply(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}

/** API answers that carry no caching rule of their own are never stored by browsers or proxies. */
export function registerApiNoStore(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
