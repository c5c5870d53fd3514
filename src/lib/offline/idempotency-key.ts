/** The header the server uses to apply a replayed write once (server/platform/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh random key (32 hex characters). `crypto.getRandomValues` rather than `randomUUID`: the latter
 * exists only in secure contexts, and a self-hosted install may well be served over plain HTTP on a LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Request headers carrying `key`, for axios' `headers` option. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}
