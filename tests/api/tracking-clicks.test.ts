import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../server/db/schema/commissions';
import { campaigns } from '../../server/db/schema/marketplace';
import { notifications } from '../../server/db/schema/notifications';
import { clicks } from '../../server/db/schema/tracking';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, appWithParties, clickOn, party, type Party } from './support/tracking-fixtures';

let t: TestApp;
let adv: Party;
let pub: Party;

beforeAll(async () => {
  ({ t, adv, pub } = await appWithParties());
});
afterAll(() => t.close());

/** Waits until the click buffer (≤ 250 ms window) has written what the test expects. */
async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 3000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const clicksOf = (campaignId: string) =>
  t.database.db.select().from(clicks).where(eq(clicks.campaignId, campaignId));

describe('GET /t/{code}', () => {
  it('redirects to the landing URL with click_id and the sub-ids, dropping any other parameter', async () => {
    const { code, campaign } = await approvedLink(t, adv, pub);
    const { res, location, clickId } = await clickOn(t, code, {
      query: '?sub1=spring&sub3=banner%20top&utm_evil=x&redirect=https://evil.example',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(location!);
    expect(url.origin + url.pathname).toBe('https://shop.example/landing');
    expect(url.searchParams.get('ref')).toBe('affilio');
    expect(url.searchParams.get('sub1')).toBe('spring');
    expect(url.searchParams.get('sub3')).toBe('banner top');
    expect(url.searchParams.has('utm_evil')).toBe(false);
    expect(url.searchParams.has('redirect')).toBe(false);
    expect(clickId).toMatch(/^[\w-]{20,}$/);

    const stored = await eventually(
      () => clicksOf(campaign.id),
      (rows) => rows.length === 1,
    );
    expect(stored[0]).toMatchObject({
      id: clickId,
      sub1: 'spring',
      sub3: 'banner top',
      isBot: false,
      isUnique: true,
      isTest: false,
    });
    expect(stored[0]!.ipHash).not.toContain('203.0.113.7');
  });

  it('keeps redirecting while the database is busy with a long query', async () => {
    const { code } = await approvedLink(t, adv, pub);
    expect((await clickOn(t, code)).res.statusCode).toBe(302); // the link is now cached
    const finished: string[] = [];
    const busy = t.database.db
      .execute(sql`select count(*) from generate_series(1, 1000000)`)
      .then(() => finished.push('query'));
    // a query executing on the server's own thread would hold this timer until it finished
    await new Promise((r) => setTimeout(r, 20));
    const click = await clickOn(t, code, { ip: '198.51.100.77' });
    finished.push('redirect');
    await busy;
    expect(click.res.statusCode).toBe(302);
    expect(finished).toEqual(['redirect', 'query']);
  });

  it('stores sub-ids with tabs, newlines and backslashes as sent, and drops NUL characters', async () => {
    const { code, campaign } = await approvedLink(t, adv, pub);
    const odd = await clickOn(t, code, {
      query: '?sub1=a%00b&sub2=tab%09and%5Cback%0Anew%0Dline&sub3=%5CN',
      ip: '198.51.100.80',
    });
    const plain = await clickOn(t, code, { query: '?sub1=plain', ip: '198.51.100.81' });
    expect([odd.res.statusCode, plain.res.statusCode]).toEqual([302, 302]);
    const rows = await eventually(
      () => clicksOf(campaign.id),
      (r) => r.length === 2,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(odd.clickId!)).toMatchObject({
      sub1: 'ab',
      sub2: 'tab\tand\\back\nnew\rline',
      sub3: '\\N',
      sub4: null,
    });
    expect(byId.get(plain.clickId!)).toMatchObject({ sub1: 'plain' });
  });

  it('answers an unknown code with a small 404 page and no redirect', async () => {
    for (const code of ['doesnotexist', 'bad%20code!', 'a'.repeat(100)]) {
      const res = await t.app.inject({ method: 'GET', url: `/t/${code}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Link not found');
    }
  });

  it('answers 410 once the campaign is paused, has ended by date, or the link was suspended — and redirects again when resumed', async () => {
    const { code, campaign } = await approvedLink(t, adv, pub);
    expect((await clickOn(t, code)).res.statusCode).toBe(302);

    await call(t, 'PUT', `/api/campaigns/${campaign.id}`, {
      token: adv.token,
      payload: { status: 'paused' },
    });
    const paused = await clickOn(t, code);
    expect(paused.res.statusCode).toBe(410);
    expect(paused.res.body).toContain('not running');
    expect(paused.location).toBeUndefined();

    await call(t, 'PUT', `/api/campaigns/${campaign.id}`, {
      token: adv.token,
      payload: { status: 'active' },
    });
    expect((await clickOn(t, code)).res.statusCode).toBe(302);

    await call(t, 'PUT', `/api/campaigns/${campaign.id}`, {
      token: adv.token,
      payload: { starts_at: '2020-01-01T00:00:00Z', ends_at: '2020-02-01T00:00:00Z' },
    });
    expect((await clickOn(t, code)).res.body).toContain('ended');

    const other = await approvedLink(t, adv, pub);
    await call(t, 'POST', `/api/applications/${other.applicationId}/suspend`, {
      token: adv.token,
      payload: { reason: 'fraud' },
    });
    const suspended = await clickOn(t, other.code);
    expect(suspended.res.statusCode).toBe(410);
    expect(suspended.res.body).toContain('deactivated');
  });

  it('redirects bots and HEAD requests but flags them, and counts a repeat from the same address as not unique', async () => {
    const { code, campaign } = await approvedLink(t, adv, pub);
    const bot = await clickOn(t, code, {
      ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
      ip: '198.51.100.1',
    });
    const head = await clickOn(t, code, { method: 'HEAD', ip: '198.51.100.2' });
    const empty = await clickOn(t, code, { ua: '', ip: '198.51.100.3' });
    expect([bot.res.statusCode, head.res.statusCode, empty.res.statusCode]).toEqual([302, 302, 302]);
    const first = await clickOn(t, code, { ip: '198.51.100.9' });
    const again = await clickOn(t, code, { ip: '198.51.100.9' });
    const elsewhere = await clickOn(t, code, { ip: '198.51.100.10' });

    const rows = await eventually(
      () => clicksOf(campaign.id),
      (r) => r.length === 6,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const c of [bot, head, empty])
      expect(byId.get(c.clickId!)).toMatchObject({ isBot: true, isUnique: false });
    expect(byId.get(first.clickId!)).toMatchObject({ isBot: false, isUnique: true });
    expect(byId.get(again.clickId!)).toMatchObject({ isBot: false, isUnique: false });
    expect(byId.get(elsewhere.clickId!)).toMatchObject({ isUnique: true });
  });

  it('pays CPC per unique human click only, and pauses the campaign when the budget is reached', async () => {
    const { code, campaign } = await approvedLink(t, adv, pub, {
      commission_model: 'cpc',
      payout_minor: 25,
      budget_minor: 50,
    });
    await clickOn(t, code, { ip: '192.0.2.1' });
    await clickOn(t, code, { ip: '192.0.2.1' });
    await clickOn(t, code, { ip: '192.0.2.2', ua: 'curl/8.0' });
    await clickOn(t, code, { ip: '192.0.2.3' });
    const paid = await eventually(
      () => t.database.db.select().from(commissions).where(eq(commissions.campaignId, campaign.id)),
      (rows) => rows.length === 2,
    );
    expect(paid.map((c) => [c.kind, c.status, c.amountMinor])).toEqual([
      ['click', 'pending', 25],
      ['click', 'pending', 25],
    ]);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.status).toBe('paused');
    expect((await clickOn(t, code, { ip: '192.0.2.4' })).res.statusCode).toBe(410);
    const told = await eventually(
      () => t.database.db.select().from(notifications).where(eq(notifications.userId, adv.id)),
      (rows) => rows.some((n) => n.title.includes('budget')),
    );
    expect(told.some((n) => n.title === 'Campaign paused: budget reached')).toBe(true);
  });
});

describe('click buffer', () => {
  it('writes buffered clicks when the server closes', async () => {
    const own = await createTestApp();
    try {
      const a = await party(own, 'advertiser');
      const p = await party(own, 'publisher');
      const { code, campaign } = await approvedLink(own, a, p);
      for (let i = 0; i < 20; i++) await clickOn(own, code, { ip: `10.0.0.${i}` });
      await own.app.close();
      const rows = await own.database.db.select().from(clicks).where(eq(clicks.campaignId, campaign.id));
      expect(rows).toHaveLength(20);
    } finally {
      await own.close();
    }
  });
});

describe('after a restart', () => {
  it('still counts a visitor of the last hour as a repeat, and pays a CPC click once', async () => {
    const own = await createTestApp();
    try {
      const a = await party(own, 'advertiser');
      const p = await party(own, 'publisher');
      const cpa = await approvedLink(own, a, p);
      const cpc = await approvedLink(own, a, p, { commission_model: 'cpc', payout_minor: 25 });
      const ip = '203.0.113.50';
      const before = [await clickOn(own, cpa.code, { ip }), await clickOn(own, cpc.code, { ip })];
      await own.app.close(); // writes the buffered clicks
      const restarted = { ...own, app: await buildApp({ config: testConfig(), database: own.database }) };
      // apart, so the CPA click's batch pays nothing (on PGlite such a batch is written with COPY)
      const afterCpa = await clickOn(restarted, cpa.code, { ip });
      await new Promise((r) => setTimeout(r, 400));
      const after = [afterCpa, await clickOn(restarted, cpc.code, { ip })];
      const newcomer = await clickOn(restarted, cpc.code, { ip: '203.0.113.51' });
      await restarted.app.close();

      const unique = async (campaignId: string) =>
        new Map(
          (await own.database.db.select().from(clicks).where(eq(clicks.campaignId, campaignId))).map((r) => [
            r.id,
            r.isUnique,
          ]),
        );
      const cpaClicks = await unique(cpa.campaign.id);
      const cpcClicks = await unique(cpc.campaign.id);
      expect([cpaClicks.get(before[0]!.clickId!), cpaClicks.get(after[0]!.clickId!)]).toEqual([true, false]);
      expect([cpcClicks.get(before[1]!.clickId!), cpcClicks.get(after[1]!.clickId!)]).toEqual([true, false]);
      const paid = await own.database.db
        .select()
        .from(commissions)
        .where(eq(commissions.campaignId, cpc.campaign.id));
      expect(paid.map((c) => c.clickId).sort()).toEqual([before[1]!.clickId, newcomer.clickId].sort());
    } finally {
      await own.close();
    }
  });
});

describe('deleting a campaign', () => {
  it('ends a campaign with tracked clicks instead of deleting its history', async () => {
    const { code, campaign } = await approvedLink(t, adv, pub);
    await clickOn(t, code);
    await eventually(
      () => clicksOf(campaign.id),
      (r) => r.length === 1,
    );
    const res = await call(t, 'DELETE', `/api/campaigns/${campaign.id}`, { token: adv.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ended');
    expect((await call(t, 'GET', `/api/campaigns/${campaign.id}`, { token: adv.token })).json().status).toBe(
      'ended',
    );
    expect((await clickOn(t, code)).res.statusCode).toBe(410);
  });
});

describe('deleting a website', () => {
  it('refuses a website with tracked clicks and keeps them, and still deletes one without', async () => {
    const { code, campaign } = await approvedLink(t, adv, pub);
    await clickOn(t, code, { ip: '192.0.2.77' });
    const [stored] = await eventually(
      () => clicksOf(campaign.id),
      (r) => r.length === 1,
    );
    const res = await call(t, 'DELETE', `/api/websites/${stored!.websiteId}`, { token: pub.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'This website has tracked clicks and commissions, so it cannot be deleted',
    );
    expect(await clicksOf(campaign.id)).toHaveLength(1);

    const fresh = await call(t, 'POST', '/api/websites', {
      token: pub.token,
      payload: { url: 'https://untracked.example', name: 'Untracked', category: 'travel' },
    });
    expect(
      (await call(t, 'DELETE', `/api/websites/${fresh.json().id}`, { token: pub.token })).statusCode,
    ).toBe(204);
  });
});
