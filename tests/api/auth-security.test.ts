import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { testConfig, type RateLimitsConfig } from '../../server/config';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

const limits = (overrides: Partial<RateLimitsConfig>): RateLimitsConfig => ({
  ...testConfig().rateLimits,
  ...overrides,
});
const rule = (max: number) => ({ max, windowMs: 60_000 });

/** A login attempt from `address`, with a made-up X-Forwarded-For that must not matter. */
function attempt(t: TestApp, email: string, password: string, address = '192.0.2.10', forwarded?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    payload: { email, password },
  });
}

/** A profile save changing the password, from `address`. */
function changePassword(t: TestApp, token: string, current: string, address = '192.0.2.10') {
  return t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    remoteAddress: address,
    headers: { authorization: `Bearer ${token}` },
    payload: { current_password: current, new_password: 'velvet-harbor-lamp-9' },
  });
}

describe('login limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: limits({
        loginPerAccountAndAddress: rule(5),
        loginPerAccount: rule(12),
        loginPerAddress: rule(20),
      }),
    });
  });
  afterAll(() => t.close());

  it('locks an account on the address of its failed logins, even for the right password and rotating X-Forwarded-For', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i += 1) {
      const r = await attempt(t, u.email, 'wrong-guess', '192.0.2.10', `10.0.0.${i + 1}`);
      expect(r.statusCode).toBe(401);
    }
    const right = await attempt(t, u.email, u.password, '192.0.2.10', '10.9.9.9');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json().detail).toMatch(/^Too many failed login attempts for this account\. Try again in/);
    // the owner elsewhere still gets in: a guesser cannot lock anyone out by failing on purpose
    expect((await attempt(t, u.email, u.password, '198.51.100.20')).statusCode).toBe(200);
  });

  it('stops a guesser spraying one account from many addresses, not the owner on an address that signed in before', async () => {
    const u = await createUser(t);
    expect((await attempt(t, u.email, u.password, '198.51.100.77')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      // two guesses per address: below the per-address lock, so only the account's count stops them
      const address = `203.0.113.${100 + Math.floor(i / 2)}`;
      statuses.push((await attempt(t, u.email, `guess-${i}`, address)).statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(12).every((s) => s === 429)).toBe(true);
    // the right password from an address never seen for this account is refused too: it may be the guesser's
    const fresh = await attempt(t, u.email, u.password, '203.0.113.200');
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    expect(fresh.json().detail).toMatch(
      /^Too many failed login attempts for this account from addresses it has not signed in from\. Try again in/,
    );
    // the owner, from the address they signed in from before, still gets in
    expect((await attempt(t, u.email, u.password, '198.51.100.77')).statusCode).toBe(200);
    // other accounts are untouched
    const other = await createUser(t);
    expect((await attempt(t, other.email, other.password, '203.0.113.201')).statusCode).toBe(200);
  });

  it('stops password spraying from one address across many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const r = await attempt(t, `victim-${i}@spray.example`, 'Summer2026!', '203.0.113.50', `10.1.${i}.1`);
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // another address still logs in
    const u = await createUser(t);
    expect((await attempt(t, u.email, u.password, '203.0.113.51')).statusCode).toBe(200);
  });

  it('does not count successful logins against the account', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 8; i += 1) {
      expect((await attempt(t, u.email, u.password, '192.0.2.99')).statusCode).toBe(200);
    }
  });

  it('limits wrong current passwords in the profile like failed logins, with 429 and Retry-After', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    for (let i = 0; i < 5; i += 1) {
      const r = await changePassword(t, token, `wrong-guess-${i}`, '192.0.2.120');
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toBe('Current password is incorrect');
    }
    const blocked = await changePassword(t, token, u.password, '192.0.2.120');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().detail).toMatch(/^Too many failed login attempts for this account\. Try again in/);
    // the guesses count for the account's login too, on that address
    expect((await attempt(t, u.email, u.password, '192.0.2.120')).statusCode).toBe(429);
    // nothing changed: the old password still signs in elsewhere
    expect((await attempt(t, u.email, u.password, '192.0.2.121')).statusCode).toBe(200);
  });

  it('limits wrong current passwords per account across addresses too', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      const address = `198.18.0.${10 + Math.floor(i / 2)}`;
      statuses.push((await changePassword(t, token, `wrong-guess-${i}`, address)).statusCode);
    }
    expect(statuses.slice(0, 12).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(12).every((s) => s === 429)).toBe(true);
  });
});

describe('registration and password-reset limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: limits({
        registerPerAddress: rule(3),
        forgotPasswordPerEmail: rule(2),
        forgotPasswordPerAddress: rule(4),
        resetPasswordPerAddress: rule(3),
      }),
    });
  });
  afterAll(() => t.close());

  it('limits registrations per address', async () => {
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register-simplified',
        remoteAddress: '192.0.2.30',
        payload: { email: `new-${i}@reg.example`, password: 'quiet-lantern-42' },
      });
    for (let i = 0; i < 3; i += 1) expect((await register(i)).statusCode).toBe(201);
    const fourth = await register(3);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().detail).toMatch(/Too many registrations/);
    const count = await t.database.db.select().from(users).where(eq(users.email, 'new-3@reg.example'));
    expect(count).toHaveLength(0);
  });

  it('sends at most a few reset mails to one inbox, whatever the address', async () => {
    const u = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: `192.0.2.${40 + i}`,
        payload: { email: u.email },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    await t.app.settle();
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email))).toHaveLength(2);
  });

  it('limits failed reset-password attempts per address', async () => {
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: '192.0.2.60',
        payload: { token: 'guessed-token', new_password: 'quiet-lantern-42' },
      });
    for (let i = 0; i < 3; i += 1) expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const me = (token: string) => call(t, 'GET', '/api/auth/me', { token });

  it('logout revokes the token it is called with, and only that one', async () => {
    const u = await createUser(t);
    const phone = await login(t, u.email, u.password);
    const laptop = await login(t, u.email, u.password);
    const out = await call(t, 'POST', '/api/auth/logout', { token: phone });
    expect(out.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/auth/logout')).statusCode).toBe(401);
  });

  it('sign out everywhere revokes every token of the user', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const a = await login(t, u.email, u.password);
    const b = await login(t, u.email, u.password);
    const stranger = await login(t, other.email, other.password);
    expect((await call(t, 'POST', '/api/auth/logout-all', { token: a })).statusCode).toBe(204);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(stranger)).statusCode).toBe(200);
    expect((await me(await login(t, u.email, u.password))).statusCode).toBe(200);
  });

  it('a password change revokes the old tokens and hands back a working one', async () => {
    const u = await createUser(t);
    const current = await login(t, u.email, u.password);
    const elsewhere = await login(t, u.email, u.password);
    const res = await call(t, 'PUT', '/api/auth/profile', {
      token: current,
      payload: { current_password: u.password, new_password: 'velvet-harbor-lamp-9' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().access_token as string;
    expect(fresh).toEqual(expect.any(String));
    expect(res.json().email).toBe(u.email);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    // a profile save without a password change keeps the session and answers no token
    const plain = await call(t, 'PUT', '/api/auth/profile', { token: fresh, payload: { name: 'Renamed' } });
    expect(plain.json().access_token).toBeUndefined();
    expect((await me(fresh)).statusCode).toBe(200);
  });
});

describe('password strength', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['12345678', 'password', '        ', 'qwertyuiop', 'aaaaaaaaaa'])(
    'refuses %j at registration with a reason, creating nothing',
    async (password) => {
      const email = `weak-${Math.random().toString(36).slice(2)}@strength.example`;
      const res = await call(t, 'POST', '/api/auth/register-simplified', { payload: { email, password } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'password', message: expect.stringMatching(/too weak/) }]);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    },
  );

  it('refuses a password made of the user’s own e-mail', async () => {
    const res = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email: 'marvellous.otter@strength.example', password: 'marvellous.otter' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('refuses a weak new password in the profile and at reset, keeping the old one', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    const res = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { current_password: u.password, new_password: 'password1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('new_password');
    expect((await call(t, 'GET', '/api/auth/me', { token })).statusCode).toBe(200);
    expect(await login(t, u.email, u.password)).toEqual(expect.any(String));
  });

  it('accepts a strong one', async () => {
    const res = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email: 'strong@strength.example', password: 'quiet-lantern-42' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('protocol', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 to an anonymous caller before looking at the body', async () => {
    for (const [method, url] of [
      ['POST', '/api/campaigns'],
      ['PUT', '/api/auth/profile'],
      ['POST', '/api/websites'],
      ['POST', '/api/applications'],
      ['POST', '/api/admin/users'],
      ['PUT', '/api/admin/settings'],
    ] as const) {
      const res = await call(t, method, url, { payload: { nonsense: true } });
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });

  it('refuses NUL characters with a 422 naming the field', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    const res = await call(t, 'PUT', '/api/auth/profile', { token, payload: { name: 'Ev\u0000il' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: 'name: must not contain NUL characters (U+0000)',
      errors: [{ field: 'name', message: 'must not contain NUL characters (U+0000)' }],
    });
    const search = await call(t, 'GET', '/api/campaigns?search=a%00b', { token });
    expect(search.statusCode).toBe(422);
  });

  it('sends security headers, and no-store on API answers', async () => {
    const u = await createUser(t);
    const res = await call(t, 'GET', '/api/auth/me', { token: await login(t, u.email, u.password) });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // the tracking link's own pages carry a stricter policy of their own
    const page = await t.app.inject({ method: 'GET', url: '/t/no-such-code' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
  });
});
