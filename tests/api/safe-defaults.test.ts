import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { mailOutbox } from '../../server/db/schema/platform';
import { users } from '../../server/db/schema/users';
import { DEMO_ADMIN, seedIfEmpty } from '../../server/seed/seed';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

// The demo passwords are printed at every demo start and in the docs: no install takes them as a new
// password, though zxcvbn scores them as strong.
const DEMO_PASSWORDS = ['affilio-demo', 'affilio-admin', ' Affilio-Demo '];
const PUBLISHED = /published demo password/;

describe('published demo passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ appUrl: 'https://affilio.example' });
  });
  afterAll(() => t.close());

  it.each(DEMO_PASSWORDS)('refuses %j at registration, creating nothing', async (password) => {
    const email = `demo-${Math.random().toString(36).slice(2)}@safe.example`;
    const res = await call(t, 'POST', '/api/auth/register-simplified', { payload: { email, password } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ field: 'password', message: expect.stringMatching(PUBLISHED) }]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses one as a new password in the profile, keeping the old one', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    const res = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { current_password: u.password, new_password: 'affilio-demo' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ field: 'new_password', message: expect.stringMatching(PUBLISHED) }]);
    expect(await login(t, u.email, u.password)).toEqual(expect.any(String));
  });

  it('refuses one at password reset, keeping the link usable', async () => {
    const u = await createUser(t);
    await call(t, 'POST', '/api/auth/forgot-password', { payload: { email: u.email } });
    await t.app.settle();
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, u.email))
      .orderBy(desc(mailOutbox.createdAt));
    const token = mail!.text.match(/token=([\w-]+)/)![1]!;
    const res = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token, new_password: 'affilio-admin' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(PUBLISHED);
    const ok = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token, new_password: 'fresh-password-1' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses one for an account an admin creates', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const token = await login(t, admin.email, admin.password);
    const res = await call(t, 'POST', '/api/admin/users', {
      token,
      payload: { email: 'made@safe.example', role: 'publisher', name: 'Made', password: 'affilio-demo' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(PUBLISHED);
  });
});

describe('first start without the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes only an admin, with a generated strong password shown once', async () => {
    const seeded = await seedIfEmpty(t.database.db, testConfig({ seed: 'none' }));
    expect(seeded).toEqual([{ role: 'admin', email: DEMO_ADMIN.email, password: expect.any(String) }]);
    const password = seeded[0]!.password!;
    expect(password).not.toBe(DEMO_ADMIN.password);
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(await t.database.db.select().from(users)).toHaveLength(1);
    expect(await login(t, DEMO_ADMIN.email, password)).toEqual(expect.any(String));
    const demo = await call(t, 'POST', '/api/auth/login', {
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(demo.statusCode).toBe(401);
  });
});
