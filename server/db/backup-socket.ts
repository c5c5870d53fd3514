import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';

/**
 * PGlite's data directory belongs to the running server, so `npm run backup` asks the server for a copy
 * over a Unix socket beside the directory (`<DATA_DIR>.backup.sock`, readable by the server's user only):
 * connecting is the whole request; the answer is the gzipped tar, then the server closes the connection.
 */
export function backupSocketPath(dataDir: string): string {
  return `${dataDir}.backup.sock`;
}

export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Uint8Array>,
  log: { info(message: string): void; error(message: string): void },
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // a socket file left by a killed server would make listen fail
  await rm(socketPath, { force: true });
  const server = net.createServer((connection) => {
    dump().then(
      (archive) => {
        log.info(`backup: sent a copy of the database (${archive.length} bytes)`);
        connection.end(archive);
      },
      (err: unknown) => {
        log.error(`backup failed: ${(err as Error).message}`);
        connection.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/** The running server's copy, or null when no server listens for this data directory. */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(backupSocketPath(dataDir));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', () => {
      const archive = Buffer.concat(chunks);
      if (archive.length === 0) reject(new Error('the server could not make a backup: see its log'));
      else resolve(archive);
    });
    connection.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}
