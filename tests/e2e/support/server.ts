import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
// E2E_DIST_DIR lets the suite run against a build kept elsewhere; normally it is the repo's dist/.
const DIST = path.resolve(ROOT, process.env.E2E_DIST_DIR ?? 'dist');
const STARTUP_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServerOptions {
  env?: Record<string, string>;
  /** Serve a private copy of the build, so a test may change files (e.g. ship a "new" sw.js). */
  copyBuild?: boolean;
  /** Run the bundled server (dist-server/main.js from `npm run build`) on Node instead of server/main.ts via tsx. */
  built?: boolean;
  /**
   * A seeded data directory to start from (copied): by default the demo template the e2e global setup made;
   * `null` seeds a fresh one.
   */
  dataTemplate?: string | null;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseUrl: string;
  dataDir: string;
  /** The directory of built files being served. */
  staticDir: string;
  /** Everything the server printed so far; handy in failure messages. */
  output(): string;
  /** Stops the server and removes its directory, unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** The e2e suite tests the production bundle; building is CI's job, not the tests'. */
export function assertBuilt(): void {
  const missing = ['index.html', 'sw.js', 'manifest.webmanifest']
    .map((file) => path.join(DIST, file))
    .filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `e2e tests need a production build, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        'Run `npm run build` before `npm run test:e2e`.',
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`server not healthy after ${STARTUP_TIMEOUT_MS / 1000}s:\n${output()}`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // Negative pid: the whole process group we created (tsx runs node as a child of its own).
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the real server (server/main.ts, or the bundle with `built`) on a free port with a PGlite data directory of
 * its own holding the demo seed (a copy of the run's template, see global-setup.ts), and resolves once
 * /api/health answers.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  assertBuilt();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'affilio-e2e-'));
  const staticDir = options.copyBuild ? path.join(dataDir, 'dist') : DIST;
  if (options.copyBuild) await cp(DIST, staticDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  // the benches start servers here too, outside Vitest, where there is no template to inject
  const template =
    options.dataTemplate !== undefined
      ? options.dataTemplate
      : process.env.VITEST
        ? inject('e2eDataTemplate')
        : null;
  if (template) await cp(template, path.join(dataDir, 'db'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'db'),
    STATIC_DIR: staticDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every browser logs in from 127.0.0.1; the suite must not trip the login rate limit.
    LOGIN_RATE_LIMIT_MAX: '10000',
    LOGIN_ADDRESS_RATE_LIMIT_MAX: '10000',
    REGISTER_RATE_LIMIT_MAX: '10000',
    // production turns e-mail verification on; the journeys register users who apply and get paid at once
    // (the verification itself is tested in tests/api/email-verification.test.ts and the unit tests)
    EMAIL_VERIFICATION: 'off',
  };
  // Always the embedded database: a DATABASE_URL left in the environment must not leak in.
  delete env.DATABASE_URL;
  // NODE_ENV=production alone seeds no demo: the suite's first start asks for it
  env.SEED = 'demo';
  delete env.APP_URL;
  Object.assign(env, options.env);

  const [command, args] = options.built
    ? [process.execPath, ['dist-server/main.js']]
    : [TSX, ['server/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env,
    detached: true,
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

  const stop = async ({ keepData = false }: { keepData?: boolean } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, staticDir, output, stop };
}
