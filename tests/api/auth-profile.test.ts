import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function registered(role: 'advertiser' | 'publisher') {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await call(t, 'POST', '/api/auth/register-simplified', {
    payload: { email, password: 'long-enough-pw', role },
  });
  return { token: res.json().access_token as string, email };
}

describe('POST /api/auth/complete-profile', () => {
  it('walks an advertiser through profile → payment → complete', async () => {
    const { token } = await registered('advertiser');
    const step1 = await call(t, 'POST', '/api/auth/complete-profile', {
      token,
      payload: { company_name: 'Acme Ltd', country: 'de', website: 'https://acme.example' },
    });
    expect(step1.statusCode).toBe(200);
    expect(step1.json()).toMatchObject({ profile_completion_step: 'payment', onboarding_completed: false });
    const step2 = await call(t, 'POST', '/api/auth/complete-profile', {
      token,
      payload: { billing_address: 'Hauptstr. 1, Berlin', vat_id: 'DE123' },
    });
    expect(step2.statusCode).toBe(200);
    expect(step2.json()).toMatchObject({
      profile_completion_step: 'complete',
      profile_completion_status: 'complete',
      onboarding_completed: true,
      profile: {
        company_name: 'Acme Ltd',
        country: 'DE',
        billing_address: 'Hauptstr. 1, Berlin',
        vat_id: 'DE123',
      },
    });
    const me = await call(t, 'GET', '/api/auth/me', { token });
    expect(me.json().onboarding_completed).toBe(true);
  });

  it('says which required fields of the current step are missing, and saves nothing', async () => {
    const { token } = await registered('publisher');
    const res = await call(t, 'POST', '/api/auth/complete-profile', { token, payload: { country: 'SE' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'Missing required fields for the profile step: display_name' });
    const me = await call(t, 'GET', '/api/auth/me', { token });
    expect(me.json().profile.country).toBeNull();
  });

  it('validates field values', async () => {
    const { token } = await registered('publisher');
    const res = await call(t, 'POST', '/api/auth/complete-profile', {
      token,
      payload: { display_name: 'X', country: 'Sweden', payout_method: 'cash' },
    });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['country', 'payout_method']);
  });

  it('refuses fields of the other role and anonymous callers', async () => {
    const { token } = await registered('publisher');
    const foreign = await call(t, 'POST', '/api/auth/complete-profile', {
      token,
      payload: { billing_address: 'x' },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toBe('billing_address does not apply to a publisher account');
    const anon = await call(t, 'POST', '/api/auth/complete-profile', { payload: { display_name: 'x' } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('PUT /api/auth/profile', () => {
  it('updates name, currency and profile fields', async () => {
    const u = await createUser(t, { role: 'publisher' });
    const token = await login(t, u.email, u.password);
    const res = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { name: 'New Name', preferred_currency: 'EUR', payout_details: 'IBAN DE00' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Name',
      preferred_currency: 'EUR',
      profile: { payout_details: 'IBAN DE00' },
    });
    const cleared = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { preferred_currency: null },
    });
    expect(cleared.json().preferred_currency).toBeNull();
  });

  it('refuses an unsupported currency and changes nothing', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    const res = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { name: 'Changed', preferred_currency: 'XYZ' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('preferred_currency');
    const me = await call(t, 'GET', '/api/auth/me', { token });
    expect(me.json().name).not.toBe('Changed');
  });

  it('changes the password only with the right current password', async () => {
    const u = await createUser(t);
    const token = await login(t, u.email, u.password);
    const missing = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { new_password: 'brand-new-password' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('current_password is required to set a new password');
    const wrong = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { current_password: 'not-it-at-all', new_password: 'brand-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Current password is incorrect' });
    const ok = await call(t, 'PUT', '/api/auth/profile', {
      token,
      payload: { current_password: u.password, new_password: 'brand-new-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect(await login(t, u.email, 'brand-new-password')).toEqual(expect.any(String));
  });
});
