import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { testConfig, type AppConfig } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/connection';
import { hashPassword } from '../../../server/modules/auth/password';
import { insertUser } from '../../../server/modules/users/queries';
import type { Role } from '../../../server/modules/users/schema';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** PostgreSQL runs: the throwaway database's URL (another instance can open it); PGlite: undefined */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A fresh app on its own database: in-memory PGlite by default; with DATABASE_URL set, a throwaway
 * database created on that server (and dropped afterwards), so the same suite proves both backends.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildAppOptions, 'config' | 'database'> = {},
): Promise<TestApp> {
  const adminUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  let database: Database;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `affilio_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // a copy of the run's migrated template database (global-setup.ts); migrate() then finds nothing to do
    const template = inject('apiPgTemplate');
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    // a copy of the run's migrated template (global-setup.ts); migrate() then finds nothing to do. The worker
    // runs the run's bundle of pglite-worker.ts, as a built server does.
    const worker = inject('apiPgliteWorker');
    database = await openDatabase({
      template: inject('apiDataTemplate'),
      workerBundle: worker ? pathToFileURL(worker) : undefined,
    });
  }
  const app = await buildApp({ ...options, config: testConfig(overrides), database });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/**
 * Another instance of the app on `first`'s PostgreSQL database, as a second server behind a proxy would be
 * (PostgreSQL runs only). Close it before `first`, whose close drops the database.
 */
export async function createSecondInstance(
  first: TestApp,
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildAppOptions, 'config' | 'database'> = {},
): Promise<TestApp> {
  if (!first.databaseUrl) throw new Error('a second instance needs PostgreSQL (DATABASE_URL)');
  const database = await openDatabase({ databaseUrl: first.databaseUrl });
  const app = await buildApp({ ...options, config: testConfig(overrides), database });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: first.databaseUrl,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface UserOptions {
  role?: Role;
  email?: string;
  password?: string;
  status?: 'pending' | 'active' | 'suspended';
  onboarded?: boolean;
  /** false: the user has not confirmed their e-mail address (default: confirmed, as accounts were before) */
  emailVerified?: boolean;
}

let counter = 0;

/**
 * One argon2 hash per password for the whole run (the API files share one worker): hashing costs tens of
 * milliseconds of CPU by design, and most test users share the default password. A stored hash carries its
 * own salt and parameters, so every user still signs in through the real verification; only the salt is
 * shared between them.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

/** Inserts a user straight into the database (fast path for tests that are not about registration). */
export async function createUser(t: TestApp, options: UserOptions = {}) {
  counter += 1;
  const role = options.role ?? 'advertiser';
  const email = options.email ?? `${role}${counter}-${randomBytes(3).toString('hex')}@test.example`;
  const password = options.password ?? 'correct-horse-battery';
  const onboarded = options.onboarded ?? true;
  const { user } = await insertUser(
    t.database.db,
    {
      email,
      passwordHash: await hashOnce(password),
      role,
      name: `${role} ${counter}`,
      status: options.status ?? 'active',
      onboardingCompleted: onboarded,
      profileCompletionStatus: onboarded ? 'complete' : 'incomplete',
      profileCompletionStep: onboarded ? 'complete' : 'profile',
      emailVerifiedAt: options.emailVerified === false ? null : new Date(),
    },
    {},
  );
  return { id: user.id, email, password, role };
}

export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

/** inject with an optional bearer token. */
export function call(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    payload: options.payload as InjectOptions['payload'],
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
}
