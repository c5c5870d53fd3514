import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = (tag: string) => `${tag}-${Math.random().toString(36).slice(2)}@example.com`;

describe('the user language', () => {
  it('is English for a new account and is set and read back through the profile', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    const before = await call(t, 'GET', '/api/auth/me', { token });
    expect(before.json().language).toBe('en');

    const set = await call(t, 'PUT', '/api/auth/profile', { token, payload: { language: 'da' } });
    expect(set.statusCode).toBe(200);
    expect(set.json().language).toBe('da');
    const after = await call(t, 'GET', '/api/auth/me', { token });
    expect(after.json().language).toBe('da');
    // signing in again answers it with the user
    const res = await call(t, 'POST', '/api/auth/login', {
      payload: { email: u.email, password: u.password },
    });
    expect(res.json().user.language).toBe('da');
  });

  it('refuses a language the UI does not have with 422, changing nothing', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    const bad = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { name: 'Changed', language: 'de' },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('language must be en or da');
    const me = (await call(t, 'GET', '/api/auth/me', { token })).json();
    expect(me.language).toBe('en');
    expect(me.name).not.toBe('Changed');
  });

  it('is taken from registration when sent, English when not, and refused when unknown', async () => {
    const simplified = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email: email('simple'), password: 'long-enough-pw', role: 'publisher', language: 'da' },
    });
    expect(simplified.statusCode).toBe(201);
    expect(simplified.json().user.language).toBe('da');

    const full = await call(t, 'POST', '/api/auth/register', {
      payload: {
        email: email('full'),
        password: 'long-enough-pw',
        name: 'Dorte',
        role: 'advertiser',
        language: 'da',
      },
    });
    expect(full.statusCode).toBe(201);
    expect(full.json().user.language).toBe('da');

    const none = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email: email('none'), password: 'long-enough-pw', role: 'advertiser' },
    });
    expect(none.json().user.language).toBe('en');

    const unknown = await call(t, 'POST', '/api/auth/register-simplified', {
      payload: { email: email('bad'), password: 'long-enough-pw', role: 'advertiser', language: 'sv' },
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('needs a signed-in user to change', async () => {
    const res = await call(t, 'PUT', '/api/auth/profile', { payload: { language: 'da' } });
    expect(res.statusCode).toBe(401);
  });
});
