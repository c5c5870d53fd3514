import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/connection';
import { pendingMigrations } from '../db/migrate';

/** Longer than any healthy answer to `select 1`, short enough for a load balancer's probe. */
const PROBE_TIMEOUT_MS = 3_000;

const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  detail: z.string().optional(),
});

const readyAnswer = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['pglite', 'postgres']),
  pending_migrations: z.number().int().optional(),
  detail: z.string().optional(),
});

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health: the process answers and its database does (the PWA's reconnect probe and a liveness
 * check). GET /api/ready: also every migration this release knows is applied (a load balancer's
 * readiness check). Both answer 503 with a reason otherwise.
 */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const kind = database.kind;
  const probe = () => withTimeout(database.db.execute(sql`select 1`), PROBE_TIMEOUT_MS);

  app.get(
    '/health',
    { schema: { hide: true, response: { 200: healthAnswer, 503: healthAnswer } } },
    async (request, reply) => {
      try {
        await probe();
        return { status: 'ok' as const, database: kind };
      } catch (err) {
        request.log.warn({ err }, 'health: the database does not answer');
        return reply
          .code(503)
          .send({ status: 'unavailable', database: kind, detail: 'The database does not answer' });
      }
    },
  );

  app.get(
    '/ready',
    { schema: { hide: true, response: { 200: readyAnswer, 503: readyAnswer } } },
    async (request, reply) => {
      let pending: number;
      try {
        await probe();
        pending = (await withTimeout(pendingMigrations(database.db), PROBE_TIMEOUT_MS)).length;
      } catch (err) {
        request.log.warn({ err }, 'ready: the database does not answer');
        return reply
          .code(503)
          .send({ status: 'not_ready', database: kind, detail: 'The database does not answer' });
      }
      if (pending > 0) {
        return reply.code(503).send({
          status: 'not_ready',
          database: kind,
          pending_migrations: pending,
          detail: `${pending} database migration(s) not applied: restart the server to apply them`,
        });
      }
      return { status: 'ready' as const, database: kind, pending_migrations: 0 };
    },
  );
}
