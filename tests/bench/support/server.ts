import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort } from '../../e2e/support/server';
import { SERVER_BUNDLE } from '../../support/server-bundle';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export const BENCH_ADMIN = { email: 'bench-admin@affilio.test', password: 'bench-admin-password' };

export interface AppServerOptions {
  /** PGlite data directory (kept: the caller owns it, so it can be reopened after a stop or a kill) */
  dataDir?: string;
  /** postgres://… of the database the server uses instead of PGlite */
  databaseUrl?: string;
  /** extra node flags, e.g. `--cpu-prof` */
  nodeArgs?: string[];
  /**
   * run the esbuild bundle, as `npm start` does (built once per bench process into a temp directory),
   * instead of the TypeScript sources through tsx (which also holds its transpiler in memory)
   */
  built?: boolean;
  env?: Record<string, string>;
  /** how long the start may take (default 60 s; seeding the demo takes longer on a busy machine) */
  startupTimeoutMs?: number;
}

export interface AppServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseUrl: string;
  port: number;
  pid: number;
  /** everything the server printed so far */
  output(): string;
  /** SIGTERM (the server flushes buffered clicks and closes the database) and wait for the exit code */
  stop(): Promise<number | null>;
  /** SIGKILL: no flush, no close — a crash */
  kill(): Promise<void>;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

let bundle: Promise<string> | null = null;

/**
 * Bundles the server like scripts/build-server.mjs into a temp directory (node_modules linked beside it,
 * so its packages resolve; removed when the process exits) and returns its main.js.
 */
export function builtServer(): Promise<string> {
  bundle ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'affilio-bench-server-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const out = path.join(dir, 'dist-server');
    await build({
      entryPoints: [path.join(ROOT, 'server/main.ts'), path.join(ROOT, 'server/db/pglite-worker.ts')],
      outdir: out,
      entryNames: '[name]',
      ...SERVER_BUNDLE,
    });
    cpSync(path.join(ROOT, 'server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
    return path.join(out, 'main.js');
  })();
  return bundle;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = STARTUP_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`,
      );
    }
    const healthy = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await sleep(150);
  }
  throw new Error(`server not healthy after ${timeoutMs / 1000}s:\n${output()}`);
}

/**
 * Starts the real server (server/main.ts) as one node process (`node --import tsx`, no tsx wrapper
 * process, so a SIGKILL hits the server itself; or its bundle with `built`): API only, no demo seed, an admin from BENCH_ADMIN,
 * website verification allowed to reach this machine. Resolves once /api/health answers.
 */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  if (!options.dataDir === !options.databaseUrl) throw new Error('give exactly one of dataDir, databaseUrl');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir ?? '',
    DATABASE_URL: options.databaseUrl ?? '',
    STATIC_DIR: 'none',
    SEED: 'none',
    // production turns e-mail verification on; the fixtures register publishers who apply at once
    EMAIL_VERIFICATION: 'off',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOGIN_RATE_LIMIT_MAX: '100000',
    // the load generator stands in for a proxy: visitors' addresses come in X-Forwarded-For
    TRUST_PROXY: 'loopback',
    // fixtures verify their website against a tiny server on 127.0.0.1
    VERIFY_ALLOW_PRIVATE_NETWORKS: 'true',
    ...options.env,
  };
  delete env.APP_URL;
  const entry = options.built ? [await builtServer()] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const output = () => log;

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const code = await exited(child);
    clearTimeout(timer);
    return code;
  };

  try {
    await waitForHealth(baseUrl, child, output, options.startupTimeoutMs);
  } catch (error) {
    await kill();
    throw error;
  }
  return { baseUrl, port, pid: child.pid!, output, stop, kill };
}
