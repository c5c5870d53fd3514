import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
const tokens = {} as Record<'a' | 'b' | 'pub' | 'admin', string>;
let pubId = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, role] of [
    ['a', 'advertiser'],
    ['b', 'advertiser'],
    ['pub', 'publisher'],
    ['admin', 'admin'],
  ] as const) {
    const u = await createUser(t, { role });
    tokens[key] = await login(t, u.email, u.password);
    if (key === 'pub') pubId = u.id;
  }
});
afterAll(() => t.close());

const valid = {
  name: 'Spring sale',
  category: 'fashion',
  landing_url: 'https://shop.example/spring',
  currency: 'EUR',
  commission_model: 'cpa',
  payout_minor: 1500,
};

async function create(token: string, body: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/campaigns', { token, payload: { ...valid, ...body } });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('POST /api/campaigns', () => {
  it('creates a draft with defaults and a tracking secret for its owner', async () => {
    const c = await create(tokens.a);
    expect(c).toMatchObject({
      ...valid,
      status: 'draft',
      approval_mode: 'manual',
      attribution_days: 30,
      revshare_bps: null,
      tiers: [],
      creative_ids: [],
    });
    expect(c.tracking_secret).toEqual(expect.any(String));
  });

  it.each([
    [{ landing_url: 'javascript:alert(1)' }, 'landing_url: landing_url must be an http(s) URL'],
    [{ payout_minor: 0 }, 'payout_minor: Too small: expected number to be >0'],
    [{ currency: 'XYZ' }, 'currency: currency is not supported'],
    [
      { commission_model: 'revshare', revshare_bps: 10_001 },
      'revshare_bps: revshare_bps must be at most 10000 (100%)',
    ],
    [{ commission_model: 'revshare' }, 'revshare_bps is required for the revshare model'],
    [{ payout_minor: null }, 'payout_minor is required for the cpa model'],
    [
      { starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' },
      'ends_at must be after starts_at',
    ],
    [
      { tiers: [{ min_conversions_in_month: 10, revshare_bps: 500 }] },
      'every tier needs payout_minor for the cpa model',
    ],
  ])('refuses %j with a message and stores nothing', async (bad, detail) => {
    const before = Number(
      (await call(t, 'GET', '/api/campaigns', { token: tokens.a })).headers['x-total-count'],
    );
    const res = await call(t, 'POST', '/api/campaigns', { token: tokens.a, payload: { ...valid, ...bad } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    const after = Number(
      (await call(t, 'GET', '/api/campaigns', { token: tokens.a })).headers['x-total-count'],
    );
    expect(after).toBe(before);
  });

  it('stores a revshare campaign without a fixed payout', async () => {
    const c = await create(tokens.a, { commission_model: 'revshare', revshare_bps: 750, payout_minor: 99 });
    expect(c).toMatchObject({ commission_model: 'revshare', revshare_bps: 750, payout_minor: null });
  });

  it('refuses publishers and admins', async () => {
    for (const token of [tokens.pub, tokens.admin]) {
      const res = await call(t, 'POST', '/api/campaigns', { token, payload: valid });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'Only advertisers can create campaigns' });
    }
  });
});

describe('GET /api/campaigns', () => {
  it('lists the advertiser’s own campaigns newest first, paginated with X-Total-Count', async () => {
    const t0 = await create(tokens.b, { name: 'B one' });
    await create(tokens.b, { name: 'B two' });
    const third = await create(tokens.b, { name: 'B three', category: 'travel' });
    const page = await call(t, 'GET', '/api/campaigns?limit=2&offset=0', { token: tokens.b });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((c: { name: string }) => c.name)).toEqual(['B three', 'B two']);
    const next = await call(t, 'GET', '/api/campaigns?limit=2&offset=2', { token: tokens.b });
    expect(next.json().map((c: { id: string }) => c.id)).toEqual([t0.id]);
    const travel = await call(t, 'GET', '/api/campaigns?category=travel', { token: tokens.b });
    expect(travel.json().map((c: { id: string }) => c.id)).toEqual([third.id]);
    const search = await call(t, 'GET', '/api/campaigns?search=two', { token: tokens.b });
    expect(search.json().map((c: { name: string }) => c.name)).toEqual(['B two']);
  });

  it('shows publishers only active campaigns, without private fields', async () => {
    const active = await create(tokens.a, {
      name: 'Open to all',
      status: 'active',
      publisher_overrides: [
        { publisher_id: pubId, payout_minor: 2000 },
        { publisher_id: '00000000-0000-4000-8000-000000000001', payout_minor: 9999 },
      ],
    });
    await create(tokens.a, { name: 'Still a draft' });
    const res = await call(t, 'GET', '/api/campaigns?limit=100', { token: tokens.pub });
    const names = res.json().map((c: { name: string }) => c.name);
    expect(names).toContain('Open to all');
    expect(names).not.toContain('Still a draft');
    const seen = res.json().find((c: { id: string }) => c.id === active.id);
    expect(seen.tracking_secret).toBeUndefined();
    expect(seen.publisher_overrides).toEqual([{ publisher_id: pubId, payout_minor: 2000 }]);
    const drafts = await call(t, 'GET', '/api/campaigns?status=draft', { token: tokens.pub });
    expect(drafts.json()).toEqual([]);
  });

  it('lets admins see every advertiser’s campaigns', async () => {
    const res = await call(t, 'GET', '/api/campaigns?limit=100', { token: tokens.admin });
    const owners = new Set(res.json().map((c: { advertiser_id: string }) => c.advertiser_id));
    expect(owners.size).toBe(2);
  });

  it('refuses bad filters', async () => {
    const res = await call(t, 'GET', '/api/campaigns?status=bogus&limit=0', { token: tokens.a });
    expect(res.statusCode).toBe(422);
  });
});

describe('one advertiser against another’s campaign', () => {
  it('cannot read, update or delete it', async () => {
    const mine = await create(tokens.a, { status: 'active' });
    const read = await call(t, 'GET', `/api/campaigns/${mine.id}`, { token: tokens.b });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ detail: 'Campaign not found' });
    const upd = await call(t, 'PUT', `/api/campaigns/${mine.id}`, {
      token: tokens.b,
      payload: { name: 'hijacked' },
    });
    expect(upd.statusCode).toBe(404);
    const del = await call(t, 'DELETE', `/api/campaigns/${mine.id}`, { token: tokens.b });
    expect(del.statusCode).toBe(404);
    const still = await call(t, 'GET', `/api/campaigns/${mine.id}`, { token: tokens.a });
    expect(still.json().name).toBe(valid.name);
  });

  it('a publisher can read an active campaign but not change it', async () => {
    const c = await create(tokens.a, { status: 'active' });
    expect((await call(t, 'GET', `/api/campaigns/${c.id}`, { token: tokens.pub })).statusCode).toBe(200);
    const upd = await call(t, 'PUT', `/api/campaigns/${c.id}`, { token: tokens.pub, payload: { name: 'x' } });
    expect(upd.statusCode).toBe(403);
    const del = await call(t, 'DELETE', `/api/campaigns/${c.id}`, { token: tokens.pub });
    expect(del.statusCode).toBe(403);
  });
});

describe('PUT and DELETE /api/campaigns/:id', () => {
  it('updates only the given fields and re-checks the rules on the result', async () => {
    const c = await create(tokens.a);
    const res = await call(t, 'PUT', `/api/campaigns/${c.id}`, {
      token: tokens.a,
      payload: { status: 'active', name: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', status: 'active', payout_minor: 1500 });
    const bad = await call(t, 'PUT', `/api/campaigns/${c.id}`, {
      token: tokens.a,
      payload: { commission_model: 'revshare' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('revshare_bps is required for the revshare model');
    const after = await call(t, 'GET', `/api/campaigns/${c.id}`, { token: tokens.a });
    expect(after.json().commission_model).toBe('cpa');
  });

  it('does not reopen an ended campaign', async () => {
    const c = await create(tokens.a, { status: 'active' });
    await call(t, 'PUT', `/api/campaigns/${c.id}`, { token: tokens.a, payload: { status: 'ended' } });
    const res = await call(t, 'PUT', `/api/campaigns/${c.id}`, {
      token: tokens.a,
      payload: { status: 'active' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('an ended campaign cannot be reopened');
  });

  it('lets an admin edit any campaign, and the owner delete it', async () => {
    const c = await create(tokens.a);
    const res = await call(t, 'PUT', `/api/campaigns/${c.id}`, {
      token: tokens.admin,
      payload: { status: 'paused' },
    });
    expect(res.json().status).toBe('paused');
    expect((await call(t, 'DELETE', `/api/campaigns/${c.id}`, { token: tokens.a })).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/campaigns/${c.id}`, { token: tokens.a })).statusCode).toBe(404);
  });

  it('answers a malformed id with 422', async () => {
    const res = await call(t, 'GET', '/api/campaigns/not-a-uuid', { token: tokens.a });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('id: id must be a UUID');
  });

  it('needs a token', async () => {
    expect((await call(t, 'GET', '/api/campaigns')).statusCode).toBe(401);
  });
});
