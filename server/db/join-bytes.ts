/**
 * The parts in one fresh buffer (its own ArrayBuffer, not Node's shared pool), so that it can be handed
 * to another thread as it is: the PGlite worker's messages and answers (pglite-wire.ts, pglite-worker.ts).
 */
export function joinBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
