import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { adminSettings } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { testConfig } from '../../server/config';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { ...testConfig().rateLimits, loginPerAccountAndAddress: { max: 3, windowMs: 60_000 } },
  });
});
afterAll(() => t.close());

const countUsers = async () => (await t.database.db.select().from(users)).length;

describe('POST /api/auth/register', () => {
  it('creates an active account, returns a token, and sends the user to onboarding', async () => {
    const res = await call(t, 'POST', '/api/auth/register', {
      payload: { email: 'Jane@Shop.Example', password: 'long-enough-pw', name: 'Jane', role: 'advertiser' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email: 'jane@shop.example',
      name: 'Jane',
      role: 'advertiser',
      status: 'active',
      onboarding_completed: false,
      profile_completion_status: 'incomplete',
      profile_completion_step: 'profile',
    });
    const me = await call(t, 'GET', '/api/auth/me', { token: body.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('jane@shop.example');
  });

  it('takes profile fields with the form and skips the steps they complete', async () => {
    const res = await call(t, 'POST', '/api/auth/register', {
      payload: {
        email: 'pub-full@example.com',
        password: 'long-enough-pw',
        name: 'Pub',
        role: 'publisher',
        display_name: 'Pub Reviews',
        country: 'dk',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.profile_completion_step).toBe('payment');
    expect(res.json().user.profile.country).toBe('DK');
  });

  it('refuses a duplicate e-mail whatever its case, and creates nothing', async () => {
    const before = await countUsers();
    const res = await call(t, 'POST', '/api/auth/register', {
      payload: { email: 'JANE@shop.example', password: 'another-password', name: 'J2', role: 'publisher' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Email already registered' });
    expect(await countUsers()).toBe(before);
  });

  it('names every missing or bad field and creates nothing', async () => {
    const before = await countUsers();
    const res = await call(t, 'POST', '/api/auth/register', {
      payload: { email: 'not-an-email', password: 'short' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.detail).toBe('email: email must be a valid e-mail address');
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'email',
      'name',
      'password',
      'role',
    ]);
    expect(body.errors).toContainEqual({
      field: 'password',
      message: 'password must be at least 8 characters',
    });
    expect(body.errors).toContainEqual({ field: 'name', message: 'name is required' });
    expect(await countUsers()).toBe(before);
  });

  it('does not let anyone register as admin', async () => {
    const res = await call(t, 'POST', '/api/auth/register', {
      payload: { email: 'sneaky@example.com', password: 'long-enough-pw', name: 'S', role: 'admin' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('role: role must be advertiser or publisher');
  });

  it('refuses profile fields of the other role', async () => {
    const res = await call(t, 'POST', '/api/auth/register', {
      payload: {
        email: 'mix@example.com',
        password: 'long-enough-pw',
        name: 'M',
        role: 'publisher',
        company_name: 'X',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('company_name does not apply to a publisher account');
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x@y.z", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Malformed JSON body' });
  });
});

describe('POST /api/auth/register-simplified', () => {
  it('defaults the role to advertiser and returns token and user', async () => {
    const res = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email: 'quick@example.com', password: 'long-enough-pw' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().access_token).toEqual(expect.any(String));
    expect(res.json().user).toMatchObject({ role: 'advertiser', name: 'quick', onboarding_completed: false });
  });

  it('accepts publisher and refuses a missing password', async () => {
    const ok = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email: 'quickpub@example.com', password: 'long-enough-pw', role: 'publisher' },
    });
    expect(ok.json().user.role).toBe('publisher');
    const bad = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email: 'nopw@example.com' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('password: password is required');
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with any e-mail case and returns token and user', async () => {
    const u = await createUser(t, { role: 'publisher' });
    const res = await call(t, 'POST', '/api/auth/login', {
      payload: { email: u.email.toUpperCase(), password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: u.id, role: 'publisher' });
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const u = await createUser(t);
    const wrong = await call(t, 'POST', '/api/auth/login', {
      payload: { email: u.email, password: 'nope-nope' },
    });
    const unknown = await call(t, 'POST', '/api/auth/login', {
      payload: { email: 'ghost@example.com', password: 'x' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Invalid email or password' });
  });

  it('refuses a missing password with 422', async () => {
    const res = await call(t, 'POST', '/api/auth/login', { payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('password: password is required');
  });

  it('refuses suspended and pending accounts', async () => {
    const s = await createUser(t, { status: 'suspended' });
    const p = await createUser(t, { status: 'pending' });
    const rs = await call(t, 'POST', '/api/auth/login', {
      payload: { email: s.email, password: s.password },
    });
    const rp = await call(t, 'POST', '/api/auth/login', {
      payload: { email: p.email, password: p.password },
    });
    expect(rs.statusCode).toBe(403);
    expect(rs.json().detail).toBe('Your account has been suspended');
    expect(rp.statusCode).toBe(403);
    expect(rp.json().detail).toBe('Your account is waiting for approval by an administrator');
  });

  it('rate-limits attempts per IP and e-mail, without locking out other accounts', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 3; i += 1) {
      const r = await call(t, 'POST', '/api/auth/login', {
        payload: { email: u.email, password: 'wrong-guess' },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await call(t, 'POST', '/api/auth/login', {
      payload: { email: u.email, password: u.password },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(
      /^Too many failed login attempts for this account\. Try again in \d+ second\(s\)\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const other = await createUser(t);
    expect(await login(t, other.email, other.password)).toEqual(expect.any(String));
  });
});

describe('registration that requires approval', () => {
  it('creates a pending account without a token, which cannot log in', async () => {
    await t.database.db.update(adminSettings).set({ registrationRequiresApproval: true });
    try {
      const res = await call(t, 'POST', '/api/auth/register', {
        payload: { email: 'waiting@example.com', password: 'long-enough-pw', name: 'W', role: 'publisher' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().access_token).toBeUndefined();
      expect(res.json().user.status).toBe('pending');
      expect(res.json().message).toMatch(/waiting for approval/);
      const lr = await call(t, 'POST', '/api/auth/login', {
        payload: { email: 'waiting@example.com', password: 'long-enough-pw' },
      });
      expect(lr.statusCode).toBe(403);
    } finally {
      await t.database.db.update(adminSettings).set({ registrationRequiresApproval: false });
    }
  });
});

describe('GET /api/auth/me', () => {
  it('needs a token', async () => {
    const res = await call(t, 'GET', '/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('refuses a forged or expired token', async () => {
    const forged = await call(t, 'GET', '/api/auth/me', { token: 'abc.def.ghi' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ detail: 'Invalid or expired token' });
    const u = await createUser(t);
    const key = new TextEncoder().encode(testConfig().jwtSecret);
    const expired = await new SignJWT({ role: 'advertiser', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const res = await call(t, 'GET', '/api/auth/me', { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid or expired token' });
  });

  it('rejects an open session once the account is suspended', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    expect((await call(t, 'GET', '/api/auth/me', { token })).statusCode).toBe(200);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.id));
    const res = await call(t, 'GET', '/api/auth/me', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Account suspended' });
  });
});
