import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
// E2E_DIST_DIR lets the suite run against a build kept elsewhere; normally it is the repo's dist/.
const DIST = path.resolve(ROOT, process.env.E2E_DIST_DIR ?? 'dist');
const BUILT_SERVER = path.join(ROOT, 'dist-server/main.js');
// everything the server's bundle is made of (scripts/build-server.mjs): server/ imports contracts/ and nothing else
const SERVER_SOURCES = ['server', 'contracts'].map((dir) => path.join(ROOT, dir));
const STARTUP_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServerOptions {
  env?: Record<string, string>;
  /** Serve a private copy of the build, so a test may change files (e.g. ship a "new" sw.js). */
  copyBuild?: boolean;
  /**
   * Run the bundled server (dist-server/main.js from `npm run build`) on Node, as `npm start` does: the
   * default. `false` runs server/main.ts through tsx, which transpiles the server on every start (~2× the
   * start-up time and CPU on a 2-core machine, once per test file).
   */
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
export function assertBuilt({ server = true }: { server?: boolean } = {}): void {
  const missing = ['index.html', 'sw.js', 'manifest.webmanifest']
    .map((file) => path.join(DIST, file))
    .concat(server ? [BUILT_SERVER] : [])
    .filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `e2e tests need a production build, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        'Run `npm run build` before `npm run test:e2e`.',
    );
  }
  if (server) assertServerBundleCurrent();
}

let bundleChecked = false;

/** A server source changed after the last build would otherwise be tested in its old version, silently. */
function assertServerBundleCurrent(): void {
  if (bundleChecked) return;
  const built = statSync(BUILT_SERVER).mtimeMs;
  for (const dir of SERVER_SOURCES) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (statSync(file).mtimeMs > built) {
        throw new Error(
          `${path.relative(ROOT, file)} changed after the server was built (${path.relative(ROOT, BUILT_SERVER)}): ` +
            'run `npm run build:server` (or `npm run build`) before the e2e tests.',
        );
      }
    }
  }
  bundleChecked = true;
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
 * Starts the real server (its bundle, or server/main.ts with `built: false`) on a free port with a PGlite data directory of
 * its own holding the demo seed (a copy of the run's template, see global-setup.ts), and resolves once
 * /api/health answers.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const built = options.built ?? true;
  assertBuilt({ server: built });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'affilio-e2e-'));
  const staticDir = options.copyBuild ? path.join(dataDir, 'dist') : DIST;
  if (options.copyBuild) await cp(DIST, staticDir, { recursive: true });
  // the benches start servers here too, outside Vitest, where there is no template to inject
  const template =
    options.dataTemplate !== undefined
      ? options.dataTemplate
      : process.env.VITEST
        ? inject('e2eDataTemplate')
        : null;
  if (template) await cp(template, path.join(dataDir, 'db'), { recursive: true });
  // Asked for last, just before the server binds it: two files' servers start side by side (vitest.config.ts)
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
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

  const [command, args] = built
    ? [process.execPath, ['--enable-source-maps', BUILT_SERVER]]
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
