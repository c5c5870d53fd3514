import { createServer } from 'node:net';
import path from 'node:path';

/** The repository root and its tsx, for tests that start the server or a script as a real process. */
export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** A TCP port free on loopback right now (the OS picks it; the caller binds it soon after). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
