import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type RateLimitRule } from '../../server/config';
import { executeRows } from '../../server/db/connection';
import { call, createSecondInstance, createTestApp, createUser, type TestApp } from './support/test-app';
import { party, type Party } from './support/tracking-fixtures';

// Two instances on one PostgreSQL, as behind a proxy that spreads requests over both: every abuse limit is
// counted once for the pair, not once per instance. PGlite is one process and counts in memory.
const onPostgres = Boolean(process.env.DATABASE_URL);
const MAX = 4;
const rule: RateLimitRule = { max: MAX, windowMs: 60_000 };

let a: TestApp;
let b: TestApp;
/** signed in before the login test locks this address out */
let owner: Party;

beforeAll(async () => {
  const base = testConfig().rateLimits;
  const overrides = {
    rateLimits: {
      ...base,
      loginPerAddress: rule,
      registerPerAddress: rule,
      forgotPasswordPerEmail: rule,
      resetPasswordPerAddress: rule,
      postbackFailuresPerAddress: rule,
      apiKeyRequests: rule,
    },
  };
  a = await createTestApp(overrides);
  if (onPostgres) b = await createSecondInstance(a, overrides);
  owner = await party(a, 'advertiser');
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Sends `attempt` MAX times, alternating between the instances, then once more on each: what they answer. */
async function alternate(attempt: (t: TestApp, i: number) => Promise<LightMyRequestResponse>) {
  const within: number[] = [];
  for (let i = 0; i < MAX; i++) within.push((await attempt(i % 2 === 0 ? a : b, i)).statusCode);
  const beyond = [(await attempt(a, MAX)).statusCode, (await attempt(b, MAX + 1)).statusCode];
  return { within, beyond };
}

describe.skipIf(!onPostgres)('abuse limits across two instances on one PostgreSQL', () => {
  it('failed logins: the limit for an address is reached after MAX failures over both instances', async () => {
    const user = await createUser(a);
    const { within, beyond } = await alternate((t) =>
      call(t, 'POST', '/api/auth/login', {
        payload: { email: user.email, password: 'wrong-password-here' },
      }),
    );
    expect(within).toEqual(Array(MAX).fill(401));
    expect(beyond).toEqual([429, 429]);
  });

  it('registrations per address count on both instances together', async () => {
    const { within, beyond } = await alternate((t, i) =>
      call(t, 'POST', '/api/auth/register', {
        payload: {
          email: `shared-limit-${i}-${Date.now()}@test.example`,
          password: 'correct-horse-battery',
          name: 'Shared limit',
          role: 'publisher',
        },
      }),
    );
    expect(within.every((s) => s < 300)).toBe(true);
    expect(beyond).toEqual([429, 429]);
  });

  it('password reset requests per e-mail count on both instances together', async () => {
    const user = await createUser(a);
    const { within, beyond } = await alternate((t) =>
      call(t, 'POST', '/api/auth/forgot-password', { payload: { email: user.email } }),
    );
    expect(within.every((s) => s < 300)).toBe(true);
    expect(beyond).toEqual([429, 429]);
  });

  it('refused postbacks per address count on both instances together', async () => {
    const { within, beyond } = await alternate((t, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/postback',
        payload: { click_id: `unknown-click-${i}`, secret: 'not-the-secret', order_id: `o-${i}` },
      }),
    );
    expect(within.every((s) => s >= 400 && s !== 429)).toBe(true);
    expect(beyond).toEqual([429, 429]);
  });

  it('an API key gets one budget over both instances', async () => {
    const created = await call(a, 'POST', '/api/api-keys', {
      token: owner.token,
      payload: { name: 'Shared budget', scope: 'read' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json<{ key: string }>().key;
    const { within, beyond } = await alternate((t) => call(t, 'GET', '/api/campaigns', { token: key }));
    expect(within).toEqual(Array(MAX).fill(200));
    expect(beyond).toEqual([429, 429]);
  });

  it('keeps one row per key in the database, and a window that is over starts again at one', async () => {
    const rows = await executeRows<{ key: string; hits: number }>(
      a.database.db,
      sql`select key, hits from rate_limit_counters where key like 'register|%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hits).toBe(MAX + 2);
    await a.database.db.execute(sql`update rate_limit_counters set resets_at = now() - interval '1 second'`);
    const again = await call(b, 'POST', '/api/auth/register', {
      payload: {
        email: `shared-limit-again-${Date.now()}@test.example`,
        password: 'correct-horse-battery',
        name: 'Shared limit',
        role: 'publisher',
      },
    });
    expect(again.statusCode, again.body).toBeLessThan(300);
  });
});

describe.skipIf(onPostgres)('abuse limits on PGlite', () => {
  it('count in memory: the shared counter table stays empty', async () => {
    for (let i = 0; i < MAX + 1; i++) {
      await call(a, 'POST', '/api/auth/forgot-password', { payload: { email: 'nobody@test.example' } });
    }
    const [row] = await executeRows<{ n: number }>(
      a.database.db,
      sql`select count(*)::int as n from rate_limit_counters`,
    );
    expect(row!.n).toBe(0);
  });
});
