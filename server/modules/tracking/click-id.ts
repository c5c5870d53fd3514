import { randomBytes } from 'node:crypto';

const CLICK_ID_BYTES = 16;
let idPool = Buffer.alloc(0);
let idOffset = 0;

/**
 * A click id: 16 CSPRNG bytes, base64url. Drawn from a pooled buffer refilled 256 ids at a time,
 * because one randomBytes call per redirect was a tenth of the redirect path's CPU (and ~40% of a
 * bare node:http redirect's: tests/bench/support/bare-302-server.ts uses this too).
 */
export function newClickId(): string {
  if (idOffset + CLICK_ID_BYTES > idPool.length) {
    idPool = randomBytes(CLICK_ID_BYTES * 256);
    idOffset = 0;
  }
  const id = idPool.toString('base64url', idOffset, idOffset + CLICK_ID_BYTES);
  idOffset += CLICK_ID_BYTES;
  return id;
}
