import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

/** Path of the first string (or key) holding a NUL character, e.g. `body.name` or `query.search`. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\0')}`;
    const found = findNul(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: refuse it in any parameter, query or body field before validation,
 * so no route stores, searches or logs it (and none answers 500 for it).
 */
export function registerNulGuard(api: FastifyInstance): void {
  api.addHook('preValidation', async (request) => {
    const where =
      findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
    if (!where) return;
    const field = where.replace(/^(params|query|body)\./, '');
    const message = 'must not contain NUL characters (U+0000)';
    throw new HttpError(422, `${field}: ${message}`, {}, [{ field, message }]);
  });
}
