import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { campaigns, websites } from '../../server/db/schema/marketplace';
import { auditLog, mailOutbox } from '../../server/db/schema/platform';
import { trackingLinks } from '../../server/db/schema/tracking';
import { passwordResetTokens, profiles, users } from '../../server/db/schema/users';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminToken: string;
const roleTokens = {} as Record<'advertiser' | 'publisher', string>;

beforeAll(async () => {
  t = await createTestApp({ appUrl: 'https://affilio.example' });
  admin = await createUser(t, { role: 'admin' });
  adminToken = await login(t, admin.email, admin.password);
  for (const role of ['advertiser', 'publisher'] as const) {
    const u = await createUser(t, { role });
    roleTokens[role] = await login(t, u.email, u.password);
  }
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(t, method, url, { token: adminToken, payload });

async function campaign(token: string, status: 'active' | 'draft' = 'active') {
  const res = await call(t, 'POST', '/api/campaigns', {
    token,
    payload: {
      name: `Campaign ${randomBytes(2).toString('hex')}`,
      category: 'travel',
      landing_url: 'https://land.example',
      currency: 'USD',
      commission_model: 'cpa',
      payout_minor: 500,
      status,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}

async function verifiedSite(token: string) {
  const url = `https://site-${randomBytes(3).toString('hex')}.example`;
  const res = await call(t, 'POST', '/api/websites', {
    token,
    payload: { url, name: 'Site', category: 'travel' },
  });
  expect(res.statusCode).toBe(201);
  const w = res.json() as { id: string; url: string };
  await t.database.db
    .update(websites)
    .set({ verificationStatus: 'verified', verifiedAt: new Date() })
    .where(eq(websites.id, w.id));
  return w;
}

/** An approved application (with its tracking link) of the publisher to the advertiser's campaign. */
async function approvedApplication(advToken: string, pubToken: string, campaignId?: string) {
  const c = campaignId ?? (await campaign(advToken)).id;
  const w = await verifiedSite(pubToken);
  const applied = await call(t, 'POST', '/api/applications', {
    token: pubToken,
    payload: { campaign_id: c, website_id: w.id },
  });
  expect(applied.statusCode).toBe(201);
  const approved = await call(t, 'POST', `/api/applications/${applied.json().id}/approve`, {
    token: advToken,
  });
  expect(approved.statusCode).toBe(200);
  return approved.json() as { id: string; campaign_id: string };
}

const linkActive = async (applicationId: string) => {
  const [link] = await t.database.db
    .select({ active: trackingLinks.active })
    .from(trackingLinks)
    .where(eq(trackingLinks.applicationId, applicationId));
  return link?.active;
};
const campaignStatus = async (id: string) => {
  const [row] = await t.database.db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row?.status;
};
const userRow = async (id: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
};
const auditFor = (entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(desc(auditLog.createdAt));
const mailsTo = (email: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));

describe('authorization of every admin user route', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const routes: [string, 'GET' | 'POST', string, unknown?][] = [
    ['list', 'GET', '/api/admin/users'],
    ['detail', 'GET', `/api/admin/users/${someId}`],
    ['create', 'POST', '/api/admin/users', { email: 'x@y.example', name: 'X', role: 'admin' }],
    ['approve', 'POST', `/api/admin/users/${someId}/approve`],
    ['suspend', 'POST', `/api/admin/users/${someId}/suspend`, { reason: 'r' }],
    ['activate', 'POST', `/api/admin/users/${someId}/activate`],
    ['role', 'POST', `/api/admin/users/${someId}/role`, { role: 'admin' }],
  ];

  it.each(routes)(
    '%s: 401 without a token, 403 for advertisers and publishers',
    async (_n, method, url, payload) => {
      expect((await call(t, method, url, { payload })).statusCode).toBe(401);
      for (const role of ['advertiser', 'publisher'] as const) {
        const res = await call(t, method, url, { token: roleTokens[role], payload });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ detail: 'Admin access required' });
      }
    },
  );

  it('answers 403 before looking at the input, so a bad body tells a non-admin nothing', async () => {
    const res = await call(t, 'POST', '/api/admin/users', {
      token: roleTokens.publisher,
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('changes nothing when a non-admin tries to suspend or promote someone', async () => {
    const victim = await createUser(t, { role: 'advertiser' });
    const self = await createUser(t, { role: 'publisher' });
    const selfToken = await login(t, self.email, self.password);
    await call(t, 'POST', `/api/admin/users/${victim.id}/suspend`, { token: selfToken });
    await call(t, 'POST', `/api/admin/users/${self.id}/role`, {
      token: selfToken,
      payload: { role: 'admin' },
    });
    expect((await userRow(victim.id)).status).toBe('active');
    expect((await userRow(self.id)).role).toBe('publisher');
  });

  it('answers 404 for unknown ids and 422 for ids that are not UUIDs', async () => {
    for (const [, method, url, payload] of routes.filter(([n]) => !['list', 'create'].includes(n))) {
      const res = await call(t, method, url, { token: adminToken, payload });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'User not found' });
    }
    expect((await asAdmin('GET', '/api/admin/users/nope')).statusCode).toBe(422);
  });
});

describe('GET /api/admin/users', () => {
  const tag = `zq${randomBytes(3).toString('hex')}`;
  const people = {} as Record<'adv' | 'pub' | 'pending', { id: string; email: string }>;

  beforeAll(async () => {
    const adv = await createUser(t, { role: 'advertiser', email: `${tag}-adv@example.com` });
    const pub = await createUser(t, { role: 'publisher', email: `${tag}-pub@example.com` });
    const pending = await createUser(t, {
      role: 'publisher',
      email: `${tag}-pending@example.com`,
      status: 'pending',
    });
    Object.assign(people, { adv, pub, pending });
    const db = t.database.db;
    await db
      .update(users)
      .set({ name: `Zed ${tag}` })
      .where(eq(users.id, adv.id));
    await db
      .update(users)
      .set({ name: `Amy ${tag}` })
      .where(eq(users.id, pub.id));
    await db
      .update(users)
      .set({ name: `Max ${tag}` })
      .where(eq(users.id, pending.id));
    await db
      .update(profiles)
      .set({ companyName: `Acme ${tag} Ltd`, country: 'DK' })
      .where(eq(profiles.userId, adv.id));
    await db
      .update(profiles)
      .set({ displayName: 'Amy Writes', country: 'SE' })
      .where(eq(profiles.userId, pub.id));
    await db.update(profiles).set({ country: 'DK' }).where(eq(profiles.userId, pending.id));
    const advToken = await login(t, adv.email, 'correct-horse-battery');
    const pubToken = await login(t, pub.email, 'correct-horse-battery');
    const c = await campaign(advToken);
    await campaign(advToken, 'draft');
    await approvedApplication(advToken, pubToken, c.id);
  });

  it('lists accounts with profile columns and counts, total in X-Total-Count', async () => {
    const res = await asAdmin('GET', `/api/admin/users?search=${tag}&sort=name&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const list = res.json();
    expect(list.map((u: { name: string }) => u.name)).toEqual([`Amy ${tag}`, `Max ${tag}`, `Zed ${tag}`]);
    expect(list[2]).toEqual({
      id: people.adv.id,
      email: people.adv.email,
      name: `Zed ${tag}`,
      role: 'advertiser',
      status: 'active',
      country: 'DK',
      company_name: `Acme ${tag} Ltd`,
      display_name: null,
      onboarding_completed: true,
      email_verified: true,
      preferred_currency: null,
      created_at: expect.any(String),
      campaigns_count: 2,
      websites_count: 0,
      applications_count: 1,
    });
    expect(list[0]).toMatchObject({
      display_name: 'Amy Writes',
      websites_count: 1,
      applications_count: 1,
      campaigns_count: 0,
    });
  });

  it('filters by role, status and country, and searches company and display names case-insensitively', async () => {
    const ids = async (query: string) => {
      const res = await asAdmin('GET', `/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res
        .json()
        .map((u: { id: string }) => u.id)
        .sort();
    };
    expect(await ids(`search=${tag}&role=publisher`)).toEqual([people.pub.id, people.pending.id].sort());
    expect(await ids(`search=${tag}&status=pending`)).toEqual([people.pending.id]);
    expect(await ids(`search=${tag}&country=dk`)).toEqual([people.adv.id, people.pending.id].sort());
    expect(await ids(`search=ACME%20${tag.toUpperCase()}`)).toEqual([people.adv.id]);
    expect(await ids(`search=amy%20writes`)).toContain(people.pub.id);
    expect(await ids(`search=${tag}&role=all&status=`)).toHaveLength(3);
  });

  it('pages with limit and offset in the chosen order', async () => {
    const page = async (offset: number) =>
      (
        await asAdmin('GET', `/api/admin/users?search=${tag}&sort=email&order=desc&limit=2&offset=${offset}`)
      ).json();
    const first = await page(0);
    const second = await page(2);
    expect(first.map((u: { email: string }) => u.email)).toEqual([people.pub.email, people.pending.email]);
    expect(second.map((u: { email: string }) => u.email)).toEqual([people.adv.email]);
  });

  it('refuses bad parameters with 422 and field errors', async () => {
    for (const query of [
      'limit=101',
      'sort=password',
      'order=up',
      'role=owner',
      'status=gone',
      'country=Denmark',
    ]) {
      const res = await asAdmin('GET', `/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[0].field).toBeTruthy();
    }
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('shows profile, websites, campaigns and non-test commission totals per currency', async () => {
    const adv = await createUser(t, { role: 'advertiser' });
    const pub = await createUser(t, { role: 'publisher' });
    const advToken = await login(t, adv.email, adv.password);
    const pubToken = await login(t, pub.email, pub.password);
    await t.database.db
      .update(profiles)
      .set({ displayName: 'Pub', payoutMethod: 'paypal', country: 'NO' })
      .where(eq(profiles.userId, pub.id));
    const app = await approvedApplication(advToken, pubToken);
    const base = {
      kind: 'conversion' as const,
      campaignId: app.campaign_id,
      advertiserId: adv.id,
      publisherId: pub.id,
    };
    await t.database.db.insert(commissions).values([
      { ...base, status: 'pending', amountMinor: 500, currency: 'USD' },
      { ...base, status: 'pending', amountMinor: 250, currency: 'USD' },
      { ...base, status: 'approved', amountMinor: 700, currency: 'USD' },
      { ...base, status: 'paid', amountMinor: 300, currency: 'USD' },
      { ...base, status: 'rejected', amountMinor: 9_999, currency: 'USD' },
      { ...base, status: 'approved', amountMinor: 100_000, currency: 'USD', isTest: true },
      { ...base, status: 'pending', amountMinor: 200, currency: 'EUR' },
    ]);

    const res = await asAdmin('GET', `/api/admin/users/${pub.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      id: pub.id,
      role: 'publisher',
      display_name: 'Pub',
      country: 'NO',
      websites_count: 1,
      applications_count: 1,
      profile: { display_name: 'Pub', payout_method: 'paypal', country: 'NO', company_name: null },
      campaigns: [],
      commission_totals: [
        { currency: 'EUR', pending_minor: 200, approved_minor: 0, paid_minor: 0 },
        { currency: 'USD', pending_minor: 750, approved_minor: 700, paid_minor: 300 },
      ],
    });
    expect(detail.websites).toEqual([
      {
        id: expect.any(String),
        url: expect.stringMatching(/^https:\/\/site-/),
        name: 'Site',
        verification_status: 'verified',
      },
    ]);

    const advDetail = (await asAdmin('GET', `/api/admin/users/${adv.id}`)).json();
    expect(advDetail.campaigns).toEqual([
      { id: app.campaign_id, name: expect.any(String), status: 'active', currency: 'USD' },
    ]);
    expect(advDetail.commission_totals).toEqual(detail.commission_totals);
    expect(advDetail.websites).toEqual([]);
  });
});

describe('POST /api/admin/users (createUser)', () => {
  it('creates an active account with a password, of any role, audit-logged', async () => {
    const email = `made-${randomBytes(3).toString('hex')}@example.com`;
    const res = await asAdmin('POST', '/api/admin/users', {
      email: email.toUpperCase(),
      name: 'Made Admin',
      role: 'admin',
      password: 'a-good-password',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email,
      name: 'Made Admin',
      role: 'admin',
      status: 'active',
      campaigns_count: 0,
    });
    const token = await login(t, email, 'a-good-password');
    expect((await call(t, 'GET', '/api/admin/users', { token })).statusCode).toBe(200);
    const [entry] = await auditFor(res.json().id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'user.created',
      after: { email, role: 'admin', status: 'active', invited: false },
    });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('without a password mails a 7-day set-password link that works through reset-password', async () => {
    const email = `invited-${randomBytes(3).toString('hex')}@example.com`;
    const res = await asAdmin('POST', '/api/admin/users', { email, name: 'Ivy', role: 'publisher' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'active', role: 'publisher', onboarding_completed: false });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('You are invited to Affilio');
    expect(mail?.text).toContain('as a publisher');
    const token = mail?.text.match(/https:\/\/affilio\.example\/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, res.json().id));
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(ttl - 7 * 24 * 3600_000)).toBeLessThan(5_000);

    // nobody knows the placeholder password, so the only way in is the link
    const set = await call(t, 'POST', '/api/auth/reset-password', {
      payload: { token, new_password: 'my-own-password' },
    });
    expect(set.statusCode).toBe(200);
    const session = await login(t, email, 'my-own-password');
    const me = await call(t, 'GET', '/api/auth/me', { token: session });
    expect(me.json()).toMatchObject({ email, role: 'publisher', profile_completion_step: 'profile' });
  });

  it('refuses a duplicate e-mail (any case) with 409', async () => {
    const existing = await createUser(t, { role: 'publisher' });
    const res = await asAdmin('POST', '/api/admin/users', {
      email: existing.email.toUpperCase(),
      name: 'Dup',
      role: 'advertiser',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Email already registered' });
  });

  it.each([
    [{ email: 'bad', name: 'N', role: 'admin' }, 'email'],
    [{ email: 'ok@example.com', name: '', role: 'admin' }, 'name'],
    [{ email: 'ok@example.com', name: 'N', role: 'owner' }, 'role'],
    [{ email: 'ok@example.com', name: 'N', role: 'admin', password: 'short' }, 'password'],
  ])('refuses %j with 422 on %s and creates nothing', async (payload, field) => {
    const res = await asAdmin('POST', '/api/admin/users', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'ok@example.com'));
    expect(rows).toHaveLength(0);
  });
});

describe('approve', () => {
  it('lets a pending publisher log in and tells them by e-mail', async () => {
    const pending = await createUser(t, { role: 'publisher', status: 'pending' });
    const before = await call(t, 'POST', '/api/auth/login', {
      payload: { email: pending.email, password: pending.password },
    });
    expect(before.statusCode).toBe(403);

    const res = await asAdmin('POST', `/api/admin/users/${pending.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pending.id, status: 'active' });
    expect(await login(t, pending.email, pending.password)).toEqual(expect.any(String));
    const [mail] = await mailsTo(pending.email);
    expect(mail?.subject).toBe('Your Affilio account has been approved');
    expect(mail?.text).toContain('https://affilio.example/login');
    const [entry] = await auditFor(pending.id);
    expect(entry).toMatchObject({
      action: 'user.approved',
      actorId: admin.id,
      before: { status: 'pending' },
      after: { status: 'active' },
    });
  });

  it('refuses an account that is not pending with 422', async () => {
    const active = await createUser(t, { role: 'advertiser' });
    const res = await asAdmin('POST', `/api/admin/users/${active.id}/approve`);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Only pending accounts can be approved; this one is active');
  });
});

describe('suspend and activate', () => {
  it('ends an advertiser’s open session at once and pauses only their active campaigns', async () => {
    const adv = await createUser(t, { role: 'advertiser' });
    const session = await login(t, adv.email, adv.password);
    const active = await campaign(session);
    const draft = await campaign(session, 'draft');
    expect((await call(t, 'GET', '/api/auth/me', { token: session })).statusCode).toBe(200);

    const res = await asAdmin('POST', `/api/admin/users/${adv.id}/suspend`, { reason: 'Fraud report' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'suspended' });

    const next = await call(t, 'GET', `/api/campaigns/${active.id}`, { token: session });
    expect(next.statusCode).toBe(401);
    expect(await campaignStatus(active.id)).toBe('paused');
    expect(await campaignStatus(draft.id)).toBe('draft');
    const relogin = await call(t, 'POST', '/api/auth/login', {
      payload: { email: adv.email, password: adv.password },
    });
    expect(relogin.statusCode).toBe(403);
    const [entry] = await auditFor(adv.id);
    expect(entry).toMatchObject({
      action: 'user.suspended',
      actorId: admin.id,
      before: { status: 'active' },
      after: { status: 'suspended', reason: 'Fraud report', paused_campaign_ids: [active.id] },
    });

    // reactivation lets them in again; the campaigns wait for the advertiser to resume them
    const back = await asAdmin('POST', `/api/admin/users/${adv.id}/activate`);
    expect(back.statusCode).toBe(200);
    expect(back.json().status).toBe('active');
    expect(await campaignStatus(active.id)).toBe('paused');
    expect(await login(t, adv.email, adv.password)).toEqual(expect.any(String));
    // the session from before the suspension stays dead
    expect((await call(t, 'GET', '/api/auth/me', { token: session })).statusCode).toBe(401);
  });

  it('stops a suspended publisher’s tracking links and restores those of still-approved applications', async () => {
    const adv = await createUser(t, { role: 'advertiser' });
    const pub = await createUser(t, { role: 'publisher' });
    const advToken = await login(t, adv.email, adv.password);
    const pubToken = await login(t, pub.email, pub.password);
    const kept = await approvedApplication(advToken, pubToken);
    const dropped = await approvedApplication(advToken, pubToken);

    const res = await asAdmin('POST', `/api/admin/users/${pub.id}/suspend`);
    expect(res.statusCode).toBe(200);
    expect(await linkActive(kept.id)).toBe(false);
    expect(await linkActive(dropped.id)).toBe(false);
    expect((await call(t, 'GET', '/api/applications', { token: pubToken })).statusCode).toBe(401);

    // meanwhile the advertiser ends one partnership
    const suspended = await call(t, 'POST', `/api/applications/${dropped.id}/suspend`, {
      token: advToken,
      payload: { reason: 'Ended' },
    });
    expect(suspended.statusCode).toBe(200);

    expect((await asAdmin('POST', `/api/admin/users/${pub.id}/activate`)).statusCode).toBe(200);
    expect(await linkActive(kept.id)).toBe(true);
    expect(await linkActive(dropped.id)).toBe(false);
  });

  it('refuses to suspend oneself, or an account already suspended, and to activate an active one', async () => {
    const self = await asAdmin('POST', `/api/admin/users/${admin.id}/suspend`);
    expect(self.statusCode).toBe(422);
    expect(self.json().detail).toBe('You cannot suspend your own account');
    expect((await userRow(admin.id)).status).toBe('active');

    const u = await createUser(t, { role: 'publisher', status: 'suspended' });
    const again = await asAdmin('POST', `/api/admin/users/${u.id}/suspend`);
    expect(again.statusCode).toBe(422);
    expect(again.json().detail).toBe('This account is already suspended');

    const active = await createUser(t, { role: 'publisher' });
    const activate = await asAdmin('POST', `/api/admin/users/${active.id}/activate`);
    expect(activate.statusCode).toBe(422);
    const pending = await createUser(t, { role: 'publisher', status: 'pending' });
    const activatePending = await asAdmin('POST', `/api/admin/users/${pending.id}/activate`);
    expect(activatePending.statusCode).toBe(422);
    expect(activatePending.json().detail).toBe('This account is pending; approve it instead');
    expect((await userRow(pending.id)).status).toBe('pending');
  });

  it('refuses an over-long reason with 422 and leaves the account alone', async () => {
    const u = await createUser(t, { role: 'advertiser' });
    const res = await asAdmin('POST', `/api/admin/users/${u.id}/suspend`, { reason: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(422);
    expect((await userRow(u.id)).status).toBe('active');
  });
});

describe('role change', () => {
  it('changes the role only on request, ends sessions, restarts onboarding and stops the old role’s links', async () => {
    const adv = await createUser(t, { role: 'advertiser' });
    const pub = await createUser(t, { role: 'publisher' });
    const advToken = await login(t, adv.email, adv.password);
    const pubToken = await login(t, pub.email, pub.password);
    const app = await approvedApplication(advToken, pubToken);

    const res = await asAdmin('POST', `/api/admin/users/${pub.id}/role`, { role: 'advertiser' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'advertiser', onboarding_completed: false });
    expect((await call(t, 'GET', '/api/auth/me', { token: pubToken })).statusCode).toBe(401);
    expect(await linkActive(app.id)).toBe(false);
    const me = await call(t, 'GET', '/api/auth/me', { token: await login(t, pub.email, pub.password) });
    expect(me.json()).toMatchObject({ role: 'advertiser', profile_completion_step: 'profile' });
    const [entry] = await auditFor(pub.id);
    expect(entry).toMatchObject({
      action: 'user.role_changed',
      before: { role: 'publisher' },
      after: { role: 'advertiser', deactivated_application_ids: [app.id] },
    });

    // an advertiser who stops being one has their active campaigns paused
    const toAdmin = await asAdmin('POST', `/api/admin/users/${adv.id}/role`, { role: 'admin' });
    expect(toAdmin.statusCode).toBe(200);
    expect(await campaignStatus(app.campaign_id)).toBe('paused');
  });

  it('refuses one’s own role, the same role and unknown roles with 422', async () => {
    const self = await asAdmin('POST', `/api/admin/users/${admin.id}/role`, { role: 'publisher' });
    expect(self.statusCode).toBe(422);
    expect(self.json().detail).toBe('You cannot change your own role');
    const u = await createUser(t, { role: 'advertiser' });
    const same = await asAdmin('POST', `/api/admin/users/${u.id}/role`, { role: 'advertiser' });
    expect(same.statusCode).toBe(422);
    expect(same.json().detail).toBe('This account is already an advertiser');
    const bad = await asAdmin('POST', `/api/admin/users/${u.id}/role`, { role: 'owner' });
    expect(bad.statusCode).toBe(422);
    const missing = await asAdmin('POST', `/api/admin/users/${u.id}/role`);
    expect(missing.statusCode).toBe(422);
    expect((await userRow(u.id)).role).toBe('advertiser');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, u.id), eq(auditLog.action, 'user.role_changed')));
    expect(rows).toHaveLength(0);
  });
});
