import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/schema/platform';
import { passwordResetTokens } from '../../server/db/schema/users';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ appUrl: 'https://affilio.example' });
});
afterAll(() => t.close());

const GENERIC = 'If an account exists for that email, a password reset link has been sent.';

async function mailsTo(email: string) {
  await t.app.settle(); // the mail goes out after the answer
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
}

async function requestReset(email: string): Promise<string> {
  const res = await call(t, 'POST', '/api/auth/forgot-password', { payload: { email } });
  expect(res.statusCode).toBe(200);
  const [mail] = await mailsTo(email.toLowerCase());
  const token = mail?.text.match(/reset-password\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error('no reset link in the outbox');
  return token;
}

describe('password reset', () => {
  it('mails a one-hour link, sets the new password and signs out old sessions', async () => {
    const u = await createUser(t);
    const oldSession = await login(t, u.email, u.password);
    const res = await call(t, 'POST', '/api/auth/forgot-password', { payload: { email: u.email } });
    expect(res.json()).toEqual({ message: GENERIC });
    const [mail] = await mailsTo(u.email);
    expect(mail?.subject).toBe('Reset your Affilio password');
    expect(mail?.text).toContain('https://affilio.example/reset-password?token=');
    const token = mail!.text.match(/token=([\w-]+)/)![1]!;
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, u.id));
    expect(stored?.tokenHash).not.toContain(token); // only a hash is stored
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(ttl - 3600_000)).toBeLessThan(5_000);

    const reset = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token, new_password: 'fresh-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been reset. You can now log in.' });
    expect(await login(t, u.email, 'fresh-password-1')).toEqual(expect.any(String));
    const old = await call(t, 'POST', '/api/auth/login', {
      payload: { email: u.email, password: u.password },
    });
    expect(old.statusCode).toBe(401);
    const me = await call(t, 'GET', '/api/auth/me', { token: oldSession });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ detail: 'Session is no longer valid' });
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await call(t, 'POST', '/api/auth/forgot-password', {
      payload: { email: 'nobody@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: GENERIC });
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);
  });

  it('refuses a reused link', async () => {
    const u = await createUser(t);
    const token = await requestReset(u.email);
    await call(t, 'POST', '/api/auth/reset-password', { payload: { token, new_password: 'first-new-pass' } });
    const again = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token, new_password: 'second-new-pass' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'This password reset link has already been used' });
    expect(await login(t, u.email, 'first-new-pass')).toEqual(expect.any(String));
  });

  it('refuses an expired link and keeps the old password', async () => {
    const u = await createUser(t);
    const token = await requestReset(u.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, u.id));
    const res = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token, new_password: 'too-late-pass' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'This password reset link has expired' });
    expect(await login(t, u.email, u.password)).toEqual(expect.any(String));
  });

  it('a newer link replaces the earlier one', async () => {
    const u = await createUser(t);
    const first = await requestReset(u.email);
    const second = await requestReset(u.email);
    const r1 = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token: first, new_password: 'new-pass-one' },
    });
    expect(r1.statusCode).toBe(400);
    const r2 = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token: second, new_password: 'new-pass-two' },
    });
    expect(r2.statusCode).toBe(200);
  });

  it('refuses an unknown token, a weak password and a missing token', async () => {
    const unknown = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token: 'made-up', new_password: 'whatever-pass' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'Invalid password reset link' });
    const u = await createUser(t);
    const token = await requestReset(u.email);
    const weak = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token, new_password: 'short' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail).toBe('new_password: password must be at least 8 characters');
    const missing = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { new_password: 'long-enough-pw' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('token: token is required');
    // the weak attempt did not use up the link
    const ok = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token, new_password: 'long-enough-pw' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a malformed forgot-password request', async () => {
    const res = await call(t, 'POST', '/api/auth/forgot-password', { payload: { email: 'not an email' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('email: email must be a valid e-mail address');
  });
});
