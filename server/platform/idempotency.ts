import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/connection';
import { idempotencyKeys } from '../db/schema/platform';
import { conflict, unprocessable } from './http-error';
import { startIntervalJob } from './interval-job';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Keys (and their stored answers) are forgotten after this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The pending row this request owns, until its answer is stored (or the row dropped). */
interface IdempotencyClaim {
  userId: string;
  key: string;
  settled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

function headerKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  return Array.isArray(raw) ? raw.join(',') : raw;
}

/** Path and query as sent: the same key must come back for the very same request. */
const requestPath = (request: FastifyRequest) => request.url;

/**
 * The body as parsed (JSON keeps the order of its fields, so the same text gives the same hash). A body
 * that is not parsed (a multipart upload, read by the handler as a stream) hashes as empty.
 */
function bodyHash(request: FastifyRequest): string {
  const body = request.body;
  const text = body === undefined || body === null ? '' : Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return createHash('sha256').update(text).digest('hex');
}

async function release(db: Db, claim: IdempotencyClaim): Promise<void> {
  claim.settled = true;
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, claim.userId),
        eq(idempotencyKeys.key, claim.key),
        isNull(idempotencyKeys.statusCode),
      ),
    );
}

function payloadText(payload: unknown): string | null {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null; // a stream cannot be stored to answer again
}

/**
 * The first request with a key claims it (a pending row, inserted before the handler runs); a later
 * one with the same key gets the stored answer again, or 409 while the first is still running. Runs as a
 * preHandler because the user is known only after the route's guard (onRequest) has set `request.auth`.
 */
async function claimKey(db: Db, request: FastifyRequest, reply: FastifyReply) {
  const key = headerKey(request);
  if (key === undefined || !WRITE_METHODS.has(request.method) || !request.auth) return;
  if (!KEY_PATTERN.test(key)) {
    throw unprocessable('Idempotency-Key must be 8–100 characters of letters, digits, "_" or "-"');
  }
  const userId = request.auth.user.id;
  const path = requestPath(request);
  const hash = bodyHash(request);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, method: request.method, path, bodyHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) {
    request.idempotency = { userId, key, settled: false };
    return;
  }
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Gone between the insert and the read (the first request failed meanwhile): let the client retry.
  if (!stored) throw conflict('This request is still being processed');
  if (stored.method !== request.method || stored.path !== path) {
    throw unprocessable('This Idempotency-Key was already used for a different request');
  }
  // null: stored before bodies were compared (the key is forgotten within a day)
  if (stored.bodyHash !== null && stored.bodyHash !== hash) {
    throw unprocessable(
      'This Idempotency-Key was already used with a different request body; send a new key for a new request',
    );
  }
  if (stored.statusCode === null) throw conflict('This request is still being processed');
  reply.code(stored.statusCode).header(REPLAYED_HEADER, 'true');
  if (stored.contentType) reply.header('content-type', stored.contentType);
  return reply.send(stored.body === '' ? undefined : stored.body);
}

/** Keeps the handler's answer (< 500) for replays; a 5xx frees the key so a retry runs again. */
async function storeAnswer(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const claim = request.idempotency;
  if (!claim || claim.settled) return;
  const body = payloadText(payload);
  if (reply.statusCode >= 500 || body === null) return release(db, claim);
  claim.settled = true;
  const contentType = reply.getHeader('content-type');
  await db
    .update(idempotencyKeys)
    .set({
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body,
    })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
}

/**
 * `Idempotency-Key` support for authenticated writes (the client's offline queue sends one per change),
 * on every route registered on `api` after this call.
 */
export function registerIdempotency(api: FastifyInstance, ctx: AppContext): void {
  api.decorateRequest('idempotency', null);
  api.addHook('preHandler', async (request, reply) => claimKey(ctx.db, request, reply));
  api.addHook('onSend', async (request, reply, payload) => {
    try {
      await storeAnswer(ctx.db, request, reply, payload);
    } catch (err) {
      request.log.error({ err }, 'storing the idempotent answer failed');
      if (request.idempotency) await release(ctx.db, request.idempotency).catch(() => undefined);
    }
    return payload;
  });
  // The answer never went out (client gone, send failed): the key must not stay pending.
  const releaseUnsettled = async (request: FastifyRequest) => {
    if (request.idempotency && !request.idempotency.settled) await release(ctx.db, request.idempotency);
  };
  api.addHook('onResponse', releaseUnsettled);
  api.addHook('onRequestAbort', releaseUnsettled);
}

/** Deletes keys older than a day; answers how many went. */
export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

export function startIdempotencyPrune(app: FastifyInstance, ctx: AppContext): void {
  startIntervalJob(app, {
    name: 'idempotency key pruning',
    intervalMs: PRUNE_INTERVAL_MS,
    firstDelayMs: 30_000,
    async run() {
      await pruneIdempotencyKeys(ctx.db);
    },
  });
}
