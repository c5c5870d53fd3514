import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../e2e/support/server';
import { ROOT } from './server';

export interface BareServer {
  baseUrl: string;
  /** its process id (the bench samples its CPU from /proc) */
  pid: number;
  stop(): Promise<void>;
}

/** Starts tests/bench/support/bare-302-server.ts in its own process; resolves once it listens. */
export async function startBareServer(): Promise<BareServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-302-server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
    child.stdout!.once('data', () => resolve());
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
