import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { commissions } from '../../server/db/schema/commissions';
import { websites } from '../../server/db/schema/marketplace';
import { mailOutbox } from '../../server/db/schema/platform';
import { emailVerificationTokens, users } from '../../server/db/schema/users';
import { previousMonth } from '../../server/modules/invoices/service';
import { expectStoresNothing, tableCounter, type TableCounts } from './support/table-counts';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';
import { approvedLink, party, type Party } from './support/tracking-fixtures';

let t: TestApp;
let counts: () => Promise<TableCounts>;
let adv: Party;
let admin: Party;
let campaignId: string;

beforeAll(async () => {
  t = await createTestApp({
    appUrl: 'https://affilio.example',
    requireEmailVerification: true,
    rateLimits: {
      ...testConfig().rateLimits,
      resendVerificationPerAccount: { max: 2, windowMs: 60_000 },
    },
  });
  counts = await tableCounter(t);
  [adv, admin] = await Promise.all([party(t, 'advertiser'), party(t, 'admin')]);
  const created = await call(t, 'POST', '/api/campaigns', {
    token: adv.token,
    payload: {
      name: 'Open to all',
      category: 'travel',
      landing_url: 'https://shop.example',
      currency: 'USD',
      commission_model: 'cpa',
      payout_minor: 500,
      status: 'active',
      approval_mode: 'auto',
    },
  });
  campaignId = created.json().id;
});
afterAll(() => t.close());

let registered = 0;

/** Registers a publisher through the API (either route); answers its id, e-mail and token. */
async function registerPublisher(route: 'register' | 'register-simplified' = 'register') {
  registered += 1;
  const email = `new-publisher-${registered}-${Date.now()}@test.example`;
  const payload =
    route === 'register'
      ? { email, password: 'correct-horse-battery', name: 'New Publisher', role: 'publisher' }
      : { email, password: 'correct-horse-battery', role: 'publisher' };
  const res = await call(t, 'POST', `/api/auth/${route}`, { payload });
  expect(res.statusCode).toBe(201);
  await t.app.settle(); // its confirmation mail goes out after the answer
  return { id: res.json().user.id as string, email, token: res.json().access_token as string };
}

async function mailsTo(email: string) {
  await t.app.settle(); // the mail goes out after the answer
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
}

async function linkTokenFor(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const token = mail?.text.match(/\/verify-email\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${email}`);
  return token;
}

const verify = (token: string, auth?: string) =>
  call(t, 'POST', '/api/auth/verify-email', { payload: { token }, ...(auth ? { token: auth } : {}) });
const me = async (token: string) => (await call(t, 'GET', '/api/auth/me', { token })).json();

async function verifiedSite(token: string) {
  const res = await call(t, 'POST', '/api/websites', {
    token,
    payload: { url: `https://site-${Date.now()}-${registered}.example`, name: 'Site', category: 'travel' },
  });
  await t.database.db
    .update(websites)
    .set({ verificationStatus: 'verified', verifiedAt: new Date() })
    .where(eq(websites.id, res.json().id));
  return res.json().id as string;
}

const apply = (token: string, websiteId: string) =>
  call(t, 'POST', '/api/applications', {
    token,
    payload: { campaign_id: campaignId, website_id: websiteId, message: 'Hello' },
  });

describe('with e-mail verification on', () => {
  it('mails a link at registration; apply answers 403 until the link is followed, then works', async () => {
    const pub = await registerPublisher();
    expect(await me(pub.token)).toMatchObject({ email_verified: false });
    const [mail] = await mailsTo(pub.email);
    expect(mail?.subject).toBe('Confirm your e-mail address for Affilio');
    expect(mail?.text).toContain('https://affilio.example/verify-email?token=');
    const token = await linkTokenFor(pub.email);
    const [stored] = await t.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, pub.id));
    expect(stored?.tokenHash).not.toContain(token); // only a hash is kept
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(ttl - 48 * 3600_000)).toBeLessThan(5_000);

    const site = await verifiedSite(pub.token);
    const refused = await expectStoresNothing(counts, () => apply(pub.token, site), 403);
    expect(refused.json().detail).toBe(
      `Confirm your e-mail address before you apply to campaigns: follow the link we sent to ${pub.email}, or ask for a new one`,
    );

    const ok = await verify(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your e-mail address is confirmed.' });
    expect(await me(pub.token)).toMatchObject({ email_verified: true });
    expect((await apply(pub.token, site)).statusCode).toBe(201);
  });

  it('blocks a payout request of an unconfirmed publisher (register-simplified mails a link too)', async () => {
    const pub = await registerPublisher('register-simplified');
    const refused = await expectStoresNothing(
      counts,
      () => call(t, 'POST', '/api/payouts', { token: pub.token, payload: { currency: 'USD' } }),
      403,
    );
    expect(refused.json().detail).toMatch(/^Confirm your e-mail address before you request a payout/);
    expect((await verify(await linkTokenFor(pub.email))).statusCode).toBe(200);
    // past the gate: now the missing payout method is what stops it
    const next = await call(t, 'POST', '/api/payouts', { token: pub.token, payload: { currency: 'USD' } });
    expect(next.statusCode).toBe(422);
  });

  it('refuses a garbage, a used, an expired and a replaced link with 400, changing nothing', async () => {
    const pub = await registerPublisher();
    const first = await linkTokenFor(pub.email);
    for (const garbage of ['nope', 'x'.repeat(43)]) {
      const res = await expectStoresNothing(counts, () => verify(garbage), 400);
      expect(res.json().detail).toBe('Invalid e-mail confirmation link');
    }
    // a new link replaces the first
    expect((await call(t, 'POST', '/api/auth/resend-verification', { token: pub.token })).statusCode).toBe(
      200,
    );
    const second = await linkTokenFor(pub.email);
    expect(second).not.toBe(first);
    expect((await expectStoresNothing(counts, () => verify(first), 400)).json().detail).toBe(
      'This e-mail confirmation link has already been used',
    );
    await t.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, pub.id));
    expect((await expectStoresNothing(counts, () => verify(second), 400)).json().detail).toMatch(/expired/);
    expect(await me(pub.token)).toMatchObject({ email_verified: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, pub.id));
    expect(row?.emailVerifiedAt).toBeNull();

    await t.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(emailVerificationTokens.userId, pub.id));
    expect((await verify(second)).statusCode).toBe(200);
    expect((await verify(second)).statusCode).toBe(400); // single use
  });

  it('confirms only the account the link was sent to, whoever follows it', async () => {
    const a = await registerPublisher();
    const b = await registerPublisher();
    const bToken = await linkTokenFor(b.email);
    expect((await verify(bToken, a.token)).statusCode).toBe(200);
    expect(await me(a.token)).toMatchObject({ email_verified: false });
    expect(await me(b.token)).toMatchObject({ email_verified: true });
  });

  it('rate-limits sending the link again per account, and refuses it once confirmed', async () => {
    const pub = await registerPublisher();
    const resend = (token?: string) =>
      call(t, 'POST', '/api/auth/resend-verification', token ? { token } : {});
    expect((await resend()).statusCode).toBe(401);
    const first = await resend(pub.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'We sent a new confirmation link to your e-mail address.' });
    expect((await resend(pub.token)).statusCode).toBe(200);
    const limited = await resend(pub.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().detail).toMatch(/^Too many confirmation e-mails for this account/);
    expect(await mailsTo(pub.email)).toHaveLength(3); // the registration's and two more

    // another account has its own budget
    const other = await registerPublisher();
    expect((await resend(other.token)).statusCode).toBe(200);
    expect((await verify(await linkTokenFor(other.email))).statusCode).toBe(200);
    const again = await resend(other.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Your e-mail address is already confirmed');
  });

  it('skips an unconfirmed advertiser when invoicing and says so; a named one answers 422', async () => {
    const month = previousMonth(new Date());
    const [year, m] = month.split('-').map(Number) as [number, number];
    const u = await createUser(t, { role: 'advertiser', emailVerified: false });
    const unconfirmed = { id: u.id, token: await login(t, u.email, u.password) };
    const pub = await party(t, 'publisher');
    const link = await approvedLink(t, unconfirmed, pub);
    await t.database.db.insert(commissions).values({
      kind: 'conversion',
      status: 'approved',
      amountMinor: 1000,
      currency: 'USD',
      campaignId: link.campaign.id,
      advertiserId: unconfirmed.id,
      publisherId: pub.id,
      decidedAt: new Date(Date.UTC(year, m - 1, 10)),
      createdAt: new Date(Date.UTC(year, m - 1, 9)),
    });
    const generate = (payload: unknown) =>
      call(t, 'POST', '/api/invoices/generate', { token: admin.token, payload });
    const all = await expectStoresNothing(counts, () => generate({ month }), 200);
    expect(all.json()).toEqual([]);
    expect(all.headers['x-skipped-unverified']).toBe('1');
    const named = await expectStoresNothing(counts, () => generate({ month, advertiser_id: u.id }), 422);
    expect(named.json().detail).toBe(
      `${u.email} has not confirmed their e-mail address: their invoices wait until they do`,
    );
    const listed = await call(t, 'GET', `/api/admin/users?search=${encodeURIComponent(u.email)}`, {
      token: admin.token,
    });
    expect(listed.json()).toEqual([expect.objectContaining({ id: u.id, email_verified: false })]);

    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, u.id));
    const made = await generate({ month, advertiser_id: u.id });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toHaveLength(1);
    expect(made.headers['x-skipped-unverified']).toBe('0');
  });
});

describe('the admin setting', () => {
  it('answers the install default until an admin chooses; off lifts the gate', async () => {
    const settings = await call(t, 'GET', '/api/admin/settings', { token: admin.token });
    expect(settings.json()).toMatchObject({ require_email_verification: true });
    const pub = await registerPublisher();
    expect((await call(t, 'GET', '/api/settings/public', { token: pub.token })).json()).toMatchObject({
      require_email_verification: true,
    });
    const site = await verifiedSite(pub.token);
    expect((await apply(pub.token, site)).statusCode).toBe(403);

    const bad = await call(t, 'PUT', '/api/admin/settings', {
      token: admin.token,
      payload: { require_email_verification: 'no' },
    });
    expect(bad.statusCode).toBe(422);
    const off = await call(t, 'PUT', '/api/admin/settings', {
      token: admin.token,
      payload: { require_email_verification: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ require_email_verification: false });
    expect((await call(t, 'GET', '/api/settings/public', { token: pub.token })).json()).toMatchObject({
      require_email_verification: false,
    });
    expect((await apply(pub.token, site)).statusCode).toBe(201);
    // an account registered while it is off gets no mail
    const later = await registerPublisher();
    expect(await mailsTo(later.email)).toEqual([]);
    expect(
      (
        await call(t, 'PUT', '/api/auth/profile', {
          token: pub.token,
          payload: { name: 'Still me' },
        })
      ).json(),
    ).toMatchObject({ email_verified: false });
  });

  it('lets an admin turn it on where the install default is off', async () => {
    const dev = await createTestApp();
    try {
      const a = await createUser(dev, { role: 'admin' });
      const token = await login(dev, a.email, a.password);
      const get = async () => (await call(dev, 'GET', '/api/admin/settings', { token })).json();
      expect(await get()).toMatchObject({ require_email_verification: false });
      const on = await call(dev, 'PUT', '/api/admin/settings', {
        token,
        payload: { require_email_verification: true },
      });
      expect(on.json()).toMatchObject({ require_email_verification: true });
      const p = await createUser(dev, { role: 'publisher', emailVerified: false });
      const pToken = await login(dev, p.email, p.password);
      const res = await call(dev, 'POST', '/api/payouts', { token: pToken, payload: { currency: 'USD' } });
      expect(res.statusCode).toBe(403);
    } finally {
      await dev.close();
    }
  });
});
