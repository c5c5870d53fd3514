import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../../server/db/schema/marketplace';
import { notifications } from '../../server/db/schema/notifications';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
/** pushes the app tried to send (none of these users subscribes; the sender must not be reached) */
const pushed: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { sendPush: async (...args) => void pushed.push(args) });
});
afterAll(() => t.close());

type Row = typeof notifications.$inferInsert;
let clock = Date.UTC(2025, 0, 1);

/** A notification written straight to the table, each one a minute newer than the last. */
async function seed(userId: string, values: Partial<Row> = {}) {
  clock += 60_000;
  const [row] = await t.database.db
    .insert(notifications)
    .values({ userId, category: 'system', title: 'Hello', createdAt: new Date(clock), ...values })
    .returning();
  return row!;
}

async function account(role: 'advertiser' | 'publisher' | 'admin' = 'publisher', onboarded = true) {
  const u = await createUser(t, { role, onboarded });
  return { id: u.id, token: await login(t, u.email, u.password) };
}

const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((n) => n.id);
const unread = async (token: string) =>
  (await call(t, 'GET', '/api/notifications/stats', { token })).json().unread_notifications as number;

describe('GET /api/notifications/', () => {
  it('lists my notifications newest first without archived ones, with the total in X-Total-Count', async () => {
    const me = await account();
    const other = await account();
    const a = await seed(me.id, { title: 'first' });
    await seed(me.id, { title: 'archived', isArchived: true });
    const c = await seed(me.id, { title: 'third', link: '/campaigns', data: { type: 'campaign', id: 'x' } });
    await seed(other.id, { title: 'not mine' });

    const res = await call(t, 'GET', '/api/notifications/', { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(ids(res)).toEqual([c.id, a.id]);
    expect(res.json()[0]).toEqual({
      id: c.id,
      category: 'system',
      priority: 'normal',
      is_important: false,
      requires_action: false,
      title: 'third',
      body: '',
      link: '/campaigns',
      data: { type: 'campaign', id: 'x' },
      is_read: false,
      read_at: null,
      is_archived: false,
      created_at: c.createdAt.toISOString(),
    });
    // the same list without the trailing slash
    expect(ids(await call(t, 'GET', '/api/notifications', { token: me.token }))).toEqual([c.id, a.id]);
  });

  it('filters by category, priority and is_read, and pages with limit/offset (default limit 10)', async () => {
    const me = await account();
    const payoutHigh = await seed(me.id, { category: 'payout', priority: 'high' });
    const payoutRead = await seed(me.id, { category: 'payout', isRead: true, readAt: new Date() });
    const message = await seed(me.id, { category: 'message', priority: 'high' });
    for (let i = 0; i < 10; i += 1) await seed(me.id, { category: 'system', priority: 'low' });
    const get = (qs: string) => call(t, 'GET', `/api/notifications/?${qs}`, { token: me.token });

    expect(ids(await get('category=payout'))).toEqual([payoutRead.id, payoutHigh.id]);
    expect(ids(await get('priority=high'))).toEqual([message.id, payoutHigh.id]);
    expect(ids(await get('category=payout&is_read=false'))).toEqual([payoutHigh.id]);
    expect(ids(await get('is_read=true'))).toEqual([payoutRead.id]);
    expect(ids(await get('category=all&priority=all&is_read=false&limit=100'))).toHaveLength(12);
    const firstPage = await get('');
    expect(firstPage.json()).toHaveLength(10);
    expect(firstPage.headers['x-total-count']).toBe('13');
    const lastPage = await get('limit=10&offset=10');
    expect(ids(lastPage)).toEqual([message.id, payoutRead.id, payoutHigh.id]);
  });

  it('refuses unknown filter values with 422', async () => {
    const me = await account();
    for (const qs of ['category=spam', 'priority=urgent', 'is_read=maybe', 'limit=0', 'limit=101']) {
      const res = await call(t, 'GET', `/api/notifications/?${qs}`, { token: me.token });
      expect(res.statusCode, qs).toBe(422);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications/'],
      ['GET', '/api/notifications/stats'],
      ['PUT', '/api/notifications/bulk/read'],
      ['POST', '/api/notifications/check-profile-completion'],
    ] as const) {
      expect((await call(t, method, url)).statusCode, url).toBe(401);
    }
  });
});

describe('stats', () => {
  it('counts my unread, not archived notifications', async () => {
    const me = await account();
    const other = await account();
    await seed(me.id);
    await seed(me.id);
    await seed(me.id, { isRead: true });
    await seed(me.id, { isArchived: true });
    await seed(other.id);
    const res = await call(t, 'GET', '/api/notifications/stats', { token: me.token });
    expect(res.json()).toEqual({ unread_notifications: 2 });
  });

  it('breaks totals and unread counts down by category and priority', async () => {
    const me = await account();
    await seed(me.id, { category: 'payout', priority: 'high' });
    await seed(me.id, { category: 'payout', priority: 'normal', isRead: true });
    await seed(me.id, { category: 'message', priority: 'high' });
    await seed(me.id, { category: 'message', isArchived: true });
    const res = await call(t, 'GET', '/api/notifications/stats/enhanced', { token: me.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      unread_notifications: 2,
      total: 3,
      by_priority: {
        high: { total: 2, unread: 2 },
        normal: { total: 1, unread: 0 },
        low: { total: 0, unread: 0 },
      },
    });
    expect(body.by_category.payout).toEqual({ total: 2, unread: 1 });
    expect(body.by_category.message).toEqual({ total: 1, unread: 1 });
    expect(body.by_category.invoice).toEqual({ total: 0, unread: 0 });
    expect(Object.keys(body.by_category)).toHaveLength(9);
  });
});

describe('reading', () => {
  it('marks one notification read, keeping its first read time', async () => {
    const me = await account();
    const n = await seed(me.id);
    await seed(me.id);
    const res = await call(t, 'PUT', `/api/notifications/${n.id}/read`, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: n.id, is_read: true, read_at: expect.any(String) });
    expect(await unread(me.token)).toBe(1);
    const again = await call(t, 'PUT', `/api/notifications/${n.id}/read`, { token: me.token });
    expect(again.json().read_at).toBe(res.json().read_at);
  });

  it('answers 404 for someone else’s or an unknown notification and 422 for a bad id, changing nothing', async () => {
    const me = await account();
    const other = await account();
    const theirs = await seed(other.id);
    for (const [method, suffix] of [
      ['PUT', '/read'],
      ['PUT', '/archive'],
      ['DELETE', ''],
    ] as const) {
      const foreign = await call(t, method, `/api/notifications/${theirs.id}${suffix}`, { token: me.token });
      expect(foreign.statusCode, `${method} ${suffix}`).toBe(404);
      expect(foreign.json()).toEqual({ detail: 'Notification not found' });
      const unknown = await call(
        t,
        method,
        `/api/notifications/00000000-0000-4000-8000-000000000000${suffix}`,
        {
          token: me.token,
        },
      );
      expect(unknown.statusCode).toBe(404);
      const bad = await call(t, method, `/api/notifications/not-a-uuid${suffix}`, { token: me.token });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail).toMatch(/id must be a UUID/);
    }
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row).toMatchObject({ isRead: false, isArchived: false });
  });

  it('bulk-marks the given notifications read, ignoring other people’s', async () => {
    const me = await account();
    const other = await account();
    const a = await seed(me.id);
    const b = await seed(me.id);
    const c = await seed(me.id);
    const theirs = await seed(other.id);
    const res = await call(t, 'PUT', '/api/notifications/bulk/read', {
      token: me.token,
      payload: { notification_ids: [a.id, b.id, theirs.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect(ids(await call(t, 'GET', '/api/notifications/?is_read=false', { token: me.token }))).toEqual([
      c.id,
    ]);
    expect(await unread(other.token)).toBe(1);
  });

  it('bulk-marks all of my unread notifications read when no ids are given', async () => {
    const me = await account();
    const other = await account();
    await seed(me.id);
    await seed(me.id);
    await seed(me.id, { isRead: true });
    await seed(other.id);
    const res = await call(t, 'PUT', '/api/notifications/bulk/read', { token: me.token });
    expect(res.json()).toEqual({ updated: 2 });
    expect(await unread(me.token)).toBe(0);
    expect(await unread(other.token)).toBe(1);
    const withEmptyBody = await call(t, 'PUT', '/api/notifications/bulk/read', {
      token: me.token,
      payload: {},
    });
    expect(withEmptyBody.json()).toEqual({ updated: 0 });
  });

  it('refuses malformed notification_ids with 422 and marks nothing', async () => {
    const me = await account();
    await seed(me.id);
    for (const notification_ids of [['nope'], 'all']) {
      const res = await call(t, 'PUT', '/api/notifications/bulk/read', {
        token: me.token,
        payload: { notification_ids },
      });
      expect(res.statusCode).toBe(422);
    }
    expect(await unread(me.token)).toBe(1);
  });

  it('marks important notifications read: all of mine, or only the given ones', async () => {
    const me = await account();
    const important1 = await seed(me.id, { isImportant: true });
    await seed(me.id, { isImportant: true });
    const ordinary = await seed(me.id);
    const one = await call(t, 'POST', '/api/notifications/mark-important-as-read', {
      token: me.token,
      payload: { notification_ids: [important1.id, ordinary.id] },
    });
    expect(one.json()).toEqual({ updated: 1 });
    const rest = await call(t, 'POST', '/api/notifications/mark-important-as-read', { token: me.token });
    expect(rest.json()).toEqual({ updated: 1 });
    expect(ids(await call(t, 'GET', '/api/notifications/?is_read=false', { token: me.token }))).toEqual([
      ordinary.id,
    ]);
  });
});

describe('archive and delete', () => {
  it('archives a notification out of the list and the unread count', async () => {
    const me = await account();
    const n = await seed(me.id);
    const res = await call(t, 'PUT', `/api/notifications/${n.id}/archive`, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: n.id, is_archived: true });
    expect(ids(await call(t, 'GET', '/api/notifications/', { token: me.token }))).toEqual([]);
    expect(await unread(me.token)).toBe(0);
  });

  it('deletes a notification (204), after which it is gone', async () => {
    const me = await account();
    const n = await seed(me.id);
    const res = await call(t, 'DELETE', `/api/notifications/${n.id}`, { token: me.token });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call(t, 'DELETE', `/api/notifications/${n.id}`, { token: me.token })).statusCode).toBe(404);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.id, n.id))).toEqual([]);
  });
});

describe('GET /api/notifications/action-required', () => {
  it('lists my unread, not archived notifications that need action, up to limit', async () => {
    const me = await account();
    const other = await account();
    const a = await seed(me.id, { requiresAction: true });
    await seed(me.id, { requiresAction: true, isRead: true });
    await seed(me.id, { requiresAction: true, isArchived: true });
    await seed(me.id);
    const d = await seed(me.id, { requiresAction: true });
    await seed(other.id, { requiresAction: true });
    const res = await call(t, 'GET', '/api/notifications/action-required', { token: me.token });
    expect(ids(res)).toEqual([d.id, a.id]);
    const limited = await call(t, 'GET', '/api/notifications/action-required?limit=1', { token: me.token });
    expect(ids(limited)).toEqual([d.id]);
    expect(
      (await call(t, 'GET', '/api/notifications/action-required?limit=x', { token: me.token })).statusCode,
    ).toBe(422);
  });
});

describe('profile completion', () => {
  const open = async (token: string) =>
    (
      (await call(t, 'GET', '/api/notifications/profile-completion', { token })).json() as {
        data: { missing_field: string };
      }[]
    )
      .map((n) => n.data.missing_field)
      .sort();

  it('creates one notification per missing field, follows the profile and keeps dismissals', async () => {
    const me = await account('publisher', false);
    const check = () => call(t, 'POST', '/api/notifications/check-profile-completion', { token: me.token });

    const first = await check();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      missing_fields: ['display_name', 'country', 'payout_method', 'payout_details'],
      created: 4,
    });
    const list = (await call(t, 'GET', '/api/notifications/profile-completion', { token: me.token })).json();
    expect(list[0]).toMatchObject({
      category: 'profile_completion',
      requires_action: true,
      link: '/profile',
      is_read: false,
    });
    expect(await open(me.token)).toEqual(['country', 'display_name', 'payout_details', 'payout_method']);
    expect(await unread(me.token)).toBe(4);
    // checking again creates nothing twice
    expect((await check()).json()).toEqual({ missing_fields: expect.any(Array), created: 0 });

    const dismissed = await call(t, 'POST', '/api/notifications/dismiss-profile-completion/payout_details', {
      token: me.token,
    });
    expect(dismissed.json()).toEqual({ dismissed: 1 });
    expect(await open(me.token)).toEqual(['country', 'display_name', 'payout_method']);
    // still missing, but dismissed: a later check does not bring it back
    expect((await check()).json().created).toBe(0);
    expect(await open(me.token)).toEqual(['country', 'display_name', 'payout_method']);
    const twice = await call(t, 'POST', '/api/notifications/dismiss-profile-completion/payout_details', {
      token: me.token,
    });
    expect(twice.json()).toEqual({ dismissed: 0 });

    // filling fields through onboarding or the profile form removes their notifications
    const saved = await call(t, 'POST', '/api/auth/complete-profile', {
      token: me.token,
      payload: { display_name: 'Paula', country: 'DK' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await open(me.token)).toEqual(['payout_method']);
    await call(t, 'PUT', '/api/auth/profile', {
      token: me.token,
      payload: { payout_method: 'paypal', payout_details: 'paula@example.com' },
    });
    expect(await open(me.token)).toEqual([]);
    expect((await check()).json()).toEqual({ missing_fields: [], created: 0 });
    expect(await unread(me.token)).toBe(0);
  });

  it('asks advertisers for their own fields and admins for none', async () => {
    const adv = await account('advertiser', false);
    const res = await call(t, 'POST', '/api/notifications/check-profile-completion', { token: adv.token });
    expect(res.json()).toEqual({
      missing_fields: ['company_name', 'country', 'billing_address'],
      created: 3,
    });
    const admin = await account('admin');
    const none = await call(t, 'POST', '/api/notifications/check-profile-completion', { token: admin.token });
    expect(none.json()).toEqual({ missing_fields: [], created: 0 });
  });

  it('keeps profile-completion notifications per user', async () => {
    const me = await account('publisher', false);
    const other = await account('publisher', false);
    await call(t, 'POST', '/api/notifications/check-profile-completion', { token: me.token });
    await call(t, 'POST', '/api/notifications/check-profile-completion', { token: other.token });
    const res = await call(t, 'POST', '/api/notifications/dismiss-profile-completion/country', {
      token: me.token,
    });
    expect(res.json()).toEqual({ dismissed: 1 });
    expect(await open(other.token)).toContain('country');
  });

  it('refuses an unknown field with 422', async () => {
    const me = await account();
    const res = await call(t, 'POST', '/api/notifications/dismiss-profile-completion/password', {
      token: me.token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/field must be one of/);
  });
});

describe('notifications from application events', () => {
  async function campaignAndSite(adv: { token: string }, pub: { token: string; id: string }, url: string) {
    const campaign = (
      await call(t, 'POST', '/api/campaigns', {
        token: adv.token,
        payload: {
          name: 'Summer Sale',
          category: 'travel',
          landing_url: 'https://l.example',
          currency: 'USD',
          commission_model: 'cpa',
          payout_minor: 500,
          status: 'active',
        },
      })
    ).json();
    const site = (
      await call(t, 'POST', '/api/websites', {
        token: pub.token,
        payload: { url, name: 'Site', category: 'travel' },
      })
    ).json();
    await t.database.db
      .update(websites)
      .set({ verificationStatus: 'verified', verifiedAt: new Date() })
      .where(eq(websites.id, site.id));
    const application = (
      await call(t, 'POST', '/api/applications', {
        token: pub.token,
        payload: { campaign_id: campaign.id, website_id: site.id, message: 'Hi' },
      })
    ).json();
    return { campaign, application };
  }
  const latest = async (token: string) =>
    (await call(t, 'GET', '/api/notifications/?limit=1', { token })).json()[0];

  it('tells the advertiser about a new application and the publisher about each decision', async () => {
    const adv = await account('advertiser');
    const pub = await account('publisher');
    const { application } = await campaignAndSite(adv, pub, 'https://notify-approve.example');
    expect(await latest(adv.token)).toMatchObject({
      category: 'application',
      requires_action: true,
      link: '/applications',
      title: 'New application for Summer Sale',
      data: { type: 'application', id: application.id },
    });
    expect(await latest(pub.token)).toBeUndefined();

    await call(t, 'POST', `/api/applications/${application.id}/approve`, { token: adv.token });
    expect(await latest(pub.token)).toMatchObject({
      category: 'application',
      title: 'Application approved: Summer Sale',
      link: '/applications',
      data: { type: 'application', id: application.id },
    });

    await call(t, 'POST', `/api/applications/${application.id}/suspend`, {
      token: adv.token,
      payload: { reason: 'Brand bidding' },
    });
    const suspended = await latest(pub.token);
    expect(suspended).toMatchObject({ title: 'Application suspended: Summer Sale', is_important: true });
    expect(suspended.body).toContain('Reason: Brand bidding');
    expect(await unread(pub.token)).toBe(2);
  });

  it('tells the publisher why an application was rejected', async () => {
    const adv = await account('advertiser');
    const pub = await account('publisher');
    const { application } = await campaignAndSite(adv, pub, 'https://notify-reject.example');
    const res = await call(t, 'POST', `/api/applications/${application.id}/reject`, {
      token: adv.token,
      payload: { reason: 'Audience does not fit' },
    });
    expect(res.statusCode).toBe(200);
    const n = await latest(pub.token);
    expect(n).toMatchObject({ title: 'Application rejected: Summer Sale', data: { id: application.id } });
    expect(n.body).toContain('Reason: Audience does not fit');
  });

  it('writes nothing when a decision is refused', async () => {
    const adv = await account('advertiser');
    const stranger = await account('advertiser');
    const pub = await account('publisher');
    const { application } = await campaignAndSite(adv, pub, 'https://notify-refused.example');
    const res = await call(t, 'POST', `/api/applications/${application.id}/approve`, {
      token: stranger.token,
    });
    expect(res.statusCode).toBe(404);
    expect(await latest(pub.token)).toBeUndefined();
    expect(pushed).toEqual([]);
  });
});
