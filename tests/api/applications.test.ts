import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websites } from '../../server/db/schema/marketplace';
import { auditLog } from '../../server/db/schema/platform';
import { trackingLinks } from '../../server/db/schema/tracking';
import { profiles } from '../../server/db/schema/users';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;
const tok = {} as Record<'advA' | 'advB' | 'pub' | 'pub2' | 'admin', string>;
const ids = {} as Record<'pub' | 'pub2', string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, role] of [
    ['advA', 'advertiser'],
    ['advB', 'advertiser'],
    ['pub', 'publisher'],
    ['pub2', 'publisher'],
    ['admin', 'admin'],
  ] as const) {
    const u = await createUser(t, { role });
    tok[key] = await login(t, u.email, u.password);
    if (key === 'pub' || key === 'pub2') ids[key] = u.id;
  }
});
afterAll(() => t.close());

async function campaign(token: string, extra: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/campaigns', {
    token,
    payload: {
      name: 'C',
      category: 'travel',
      landing_url: 'https://l.example',
      currency: 'USD',
      commission_model: 'cpa',
      payout_minor: 500,
      status: 'active',
      ...extra,
    },
  });
  return res.json();
}

/** A website marked verified directly in the database (verification itself is tested elsewhere). */
async function verifiedSite(token: string, url: string, verified = true) {
  const w = (
    await call(t, 'POST', '/api/websites', { token, payload: { url, name: 'Site', category: 'travel' } })
  ).json();
  if (verified)
    await t.database.db
      .update(websites)
      .set({ verificationStatus: 'verified', verifiedAt: new Date() })
      .where(eq(websites.id, w.id));
  return w;
}

const applyTo = (token: string, campaign_id: string, website_id: string, message = 'Hi!') =>
  call(t, 'POST', '/api/applications', { token, payload: { campaign_id, website_id, message } });

describe('applying', () => {
  it('creates a pending application that the advertiser approves, creating a tracking link and an audit entry', async () => {
    const c = await campaign(tok.advA);
    const w = await verifiedSite(tok.pub, 'https://apply-one.example');
    const res = await applyTo(tok.pub, c.id, w.id);
    expect(res.statusCode).toBe(201);
    const app = res.json();
    expect(app).toMatchObject({
      status: 'pending',
      message: 'Hi!',
      tracking_code: null,
      campaign_name: 'C',
      website_url: 'https://apply-one.example',
    });

    const seenByAdv = await call(t, 'GET', `/api/applications?campaign_id=${c.id}`, { token: tok.advA });
    expect(seenByAdv.json().map((a: { id: string }) => a.id)).toEqual([app.id]);

    const approved = await call(t, 'POST', `/api/applications/${app.id}/approve`, { token: tok.advA });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect(approved.json().tracking_code).toMatch(/^[\w-]{10}$/);
    expect(approved.json().decided_at).toEqual(expect.any(String));
    const [link] = await t.database.db
      .select()
      .from(trackingLinks)
      .where(eq(trackingLinks.applicationId, app.id));
    expect(link).toMatchObject({ code: approved.json().tracking_code, active: true, publisherId: ids.pub });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, app.id));
    expect(audits.map((a) => a.action)).toEqual(['application.approved']);

    const mine = await call(t, 'GET', '/api/applications', { token: tok.pub });
    expect(mine.json().find((a: { id: string }) => a.id === app.id).status).toBe('approved');
  });

  it('approves at once on auto-approve campaigns', async () => {
    const c = await campaign(tok.advA, { approval_mode: 'auto' });
    const w = await verifiedSite(tok.pub, 'https://auto.example');
    const res = await applyTo(tok.pub, c.id, w.id);
    expect(res.json()).toMatchObject({ status: 'approved', tracking_code: expect.any(String) });
  });

  it('allows one open application per campaign, publisher and website', async () => {
    const c = await campaign(tok.advA);
    const w = await verifiedSite(tok.pub, 'https://once.example');
    expect((await applyTo(tok.pub, c.id, w.id)).statusCode).toBe(201);
    const dup = await applyTo(tok.pub, c.id, w.id);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      detail: 'You already have an open application to this campaign with this website',
    });
  });

  it('refuses another publisher’s website and an unverified one', async () => {
    const c = await campaign(tok.advA);
    const theirs = await verifiedSite(tok.pub2, 'https://theirs.example');
    const foreign = await applyTo(tok.pub, c.id, theirs.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Website not found' });
    const unverified = await verifiedSite(tok.pub, 'https://unverified.example', false);
    const res = await applyTo(tok.pub, c.id, unverified.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'Verify this website before applying with it' });
  });

  it('refuses paused and draft campaigns, non-publishers and publishers outside the allowed countries', async () => {
    const w = await verifiedSite(tok.pub, 'https://rules.example');
    const paused = await campaign(tok.advA, { status: 'paused' });
    expect((await applyTo(tok.pub, paused.id, w.id)).json()).toEqual({
      detail: 'This campaign is not accepting applications',
    });
    const draft = await campaign(tok.advA, { status: 'draft' });
    expect((await applyTo(tok.pub, draft.id, w.id)).statusCode).toBe(404);
    const c = await campaign(tok.advA, { allowed_countries: ['DK', 'SE'] });
    const outside = await applyTo(tok.pub, c.id, w.id);
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toEqual({ detail: 'This campaign accepts publishers from Denmark, Sweden only' });
    await t.database.db.update(profiles).set({ country: 'SE' }).where(eq(profiles.userId, ids.pub));
    expect((await applyTo(tok.pub, c.id, w.id)).statusCode).toBe(201);
    const adv = await applyTo(tok.advA, c.id, w.id);
    expect(adv.statusCode).toBe(403);
  });
});

describe('deciding', () => {
  it('a publisher cannot decide, another advertiser cannot see or decide', async () => {
    const c = await campaign(tok.advA);
    const w = await verifiedSite(tok.pub, 'https://decide.example');
    const app = (await applyTo(tok.pub, c.id, w.id)).json();
    const byPub = await call(t, 'POST', `/api/applications/${app.id}/approve`, { token: tok.pub });
    expect(byPub.statusCode).toBe(403);
    expect(byPub.json()).toEqual({
      detail: 'Only the campaign’s advertiser or an admin can decide applications',
    });
    const byB = await call(t, 'POST', `/api/applications/${app.id}/approve`, { token: tok.advB });
    expect(byB.statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/applications/${app.id}`, { token: tok.advB })).statusCode).toBe(404);
    const listB = await call(t, 'GET', '/api/applications?limit=100', { token: tok.advB });
    expect(listB.json().map((a: { id: string }) => a.id)).not.toContain(app.id);
    expect((await call(t, 'GET', `/api/applications/${app.id}`, { token: tok.pub2 })).statusCode).toBe(404);
  });

  it('rejects with a required reason; the decision is final', async () => {
    const c = await campaign(tok.advA);
    const w = await verifiedSite(tok.pub, 'https://reject.example');
    const app = (await applyTo(tok.pub, c.id, w.id)).json();
    const noReason = await call(t, 'POST', `/api/applications/${app.id}/reject`, {
      token: tok.advA,
      payload: {},
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toBe('reason: reason is required');
    const res = await call(t, 'POST', `/api/applications/${app.id}/reject`, {
      token: tok.admin,
      payload: { reason: 'Not a fit' },
    });
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'Not a fit', tracking_code: null });
    const again = await call(t, 'POST', `/api/applications/${app.id}/approve`, { token: tok.advA });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ detail: 'Cannot approve an application that is rejected' });
    // a closed application does not block a new one
    expect((await applyTo(tok.pub, c.id, w.id)).statusCode).toBe(201);
  });

  it('suspends an approved application and deactivates its link', async () => {
    const c = await campaign(tok.advA, { approval_mode: 'auto' });
    const w = await verifiedSite(tok.pub, 'https://suspend.example');
    const app = (await applyTo(tok.pub, c.id, w.id)).json();
    const res = await call(t, 'POST', `/api/applications/${app.id}/suspend`, {
      token: tok.advA,
      payload: { reason: 'Brand bidding' },
    });
    expect(res.json()).toMatchObject({ status: 'suspended', tracking_code: null, reason: 'Brand bidding' });
    const [link] = await t.database.db
      .select()
      .from(trackingLinks)
      .where(eq(trackingLinks.applicationId, app.id));
    expect(link?.active).toBe(false);
  });

  it('the publisher withdraws while pending, nobody else can', async () => {
    const c = await campaign(tok.advA);
    const w = await verifiedSite(tok.pub, 'https://withdraw.example');
    const app = (await applyTo(tok.pub, c.id, w.id)).json();
    const byAdv = await call(t, 'POST', `/api/applications/${app.id}/withdraw`, { token: tok.advA });
    expect(byAdv.statusCode).toBe(403);
    const res = await call(t, 'POST', `/api/applications/${app.id}/withdraw`, {
      token: tok.pub,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('withdrawn');
    const twice = await call(t, 'POST', `/api/applications/${app.id}/withdraw`, { token: tok.pub });
    expect(twice.json()).toEqual({ detail: 'Cannot withdraw an application that is withdrawn' });
  });
});
