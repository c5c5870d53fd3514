import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { DEMO_PASSWORD, seedIfEmpty } from '../../server/seed/seed';
import { call, createTestApp, login, type TestApp } from './support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let seededAt: number;
/** the demo banners are written under DATA_DIR/media */
let dataDir: string;

async function rows<T>(query: string): Promise<T[]> {
  const result = await t.database.db.execute(sql.raw(query));
  return (result as unknown as { rows: T[] }).rows;
}

async function one<T>(query: string): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error(`no row from ${query}`);
  return row;
}

const TABLES = [
  'campaigns',
  'websites',
  'applications',
  'tracking_links',
  'clicks',
  'conversions',
  'commissions',
];
const tableCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (name) => [name, (await one<{ n: number }>(`select count(*)::int n from ${name}`)).n]),
    ),
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'affilio-seed-'));
  t = await createTestApp({ dataDir });
  seededAt = Date.now();
  await seedIfEmpty(t.database.db, testConfig({ seed: 'demo', dataDir }));
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the demo marketplace of a first start', () => {
  it('gives each demo advertiser active campaigns with clicks and conversions', async () => {
    const perAdvertiser = await rows<{ email: string; active: number; clicks: number; conversions: number }>(`
      select u.email,
        (select count(*)::int from campaigns k where k.advertiser_id = u.id and k.status = 'active') active,
        (select count(*)::int from clicks c join campaigns k on k.id = c.campaign_id where k.advertiser_id = u.id) clicks,
        (select count(*)::int from conversions v join campaigns k on k.id = v.campaign_id where k.advertiser_id = u.id)
          conversions
      from users u where u.role = 'advertiser' order by u.email`);
    expect(perAdvertiser.map((r) => r.email)).toEqual(['alice@advertiser.test', 'bob@advertiser.test']);
    for (const r of perAdvertiser) {
      expect(r.active).toBeGreaterThanOrEqual(3);
      expect(r.clicks).toBeGreaterThan(1_000);
      expect(r.conversions).toBeGreaterThan(20);
    }
    const token = await login(t, 'alice@advertiser.test', DEMO_PASSWORD);
    const list = await call(t, 'GET', '/api/campaigns?limit=100', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThanOrEqual(5);
  });

  it('has campaigns across models, currencies and states, some with pixel, tiers, budgets and caps', async () => {
    const all = await rows<{
      status: string;
      commission_model: string;
      currency: string;
      approval_mode: string;
      pixel_enabled: boolean;
      max_order_minor: number | null;
      tiers: unknown[];
      budget_minor: number | null;
      daily_cap_minor: number | null;
    }>('select * from campaigns');
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.length).toBeLessThanOrEqual(12);
    expect(new Set(all.map((c) => c.commission_model))).toEqual(new Set(['cpa', 'revshare', 'cpc', 'cpl']));
    expect([...new Set(all.map((c) => c.currency))]).toEqual(
      expect.arrayContaining(['USD', 'EUR', 'DKK', 'GBP']),
    );
    expect(new Set(all.map((c) => c.status))).toEqual(new Set(['draft', 'active', 'paused', 'ended']));
    expect(all.filter((c) => c.status === 'active').length).toBeGreaterThan(all.length / 2);
    expect(new Set(all.map((c) => c.approval_mode))).toEqual(new Set(['auto', 'manual']));
    const pixel = all.filter((c) => c.pixel_enabled);
    expect(pixel.length).toBeGreaterThanOrEqual(2);
    for (const c of pixel) expect(Number(c.max_order_minor)).toBeGreaterThan(0);
    expect(all.some((c) => c.tiers.length > 0)).toBe(true);
    expect(all.some((c) => c.budget_minor !== null)).toBe(true);
    expect(all.some((c) => c.daily_cap_minor !== null)).toBe(true);
  });

  it('gives each demo publisher a verified website, an approved application with its link, and commissions', async () => {
    const perPublisher = await rows<{ email: string; verified: number; pending: number; approved: number }>(`
      select u.email,
        (select count(*)::int from websites w where w.publisher_id = u.id and w.verification_status = 'verified'
          and w.verified_at is not null and w.verification_method = 'file') verified,
        (select count(*)::int from commissions c where c.publisher_id = u.id and c.status = 'pending') pending,
        (select count(*)::int from commissions c where c.publisher_id = u.id and c.status = 'approved') approved
      from users u where u.role = 'publisher' order by u.email`);
    expect(perPublisher).toHaveLength(4);
    // Mette is the demo's Danish user: her notifications are written in Danish (server/platform/i18n.ts)
    const mette = await rows<{ language: string; title: string }>(`
      select u.language, n.title from users u join notifications n on n.user_id = u.id
      where u.email = 'mette@publisher.test' and n.category = 'application'`);
    expect(mette.length).toBeGreaterThan(0);
    for (const n of mette)
      expect([n.language, n.title]).toEqual(['da', expect.stringMatching(/^Ansøgning godkendt: /)]);
    for (const r of perPublisher) {
      expect(r.verified, r.email).toBeGreaterThanOrEqual(1);
      expect(r.verified, r.email).toBeLessThanOrEqual(3);
      expect(r.pending, r.email).toBeGreaterThan(0);
      expect(r.approved, r.email).toBeGreaterThan(0);
      const token = await login(t, r.email, DEMO_PASSWORD);
      const approved = await call(t, 'GET', '/api/applications?status=approved', { token });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().length, r.email).toBeGreaterThan(0);
      for (const a of approved.json()) expect(a.tracking_code).toMatch(/^[A-Za-z0-9_-]{10}$/);
    }
  });

  it('has applications in every state; exactly the ever-approved ones have tracking links', async () => {
    const states = await rows<{ status: string; n: number; links: number; reasons: number }>(`
      select a.status, count(*)::int n, count(l.id)::int links, count(a.reason)::int reasons
      from applications a left join tracking_links l on l.application_id = a.id group by a.status`);
    const by = Object.fromEntries(states.map((s) => [s.status, s]));
    expect(Object.keys(by).sort()).toEqual(['approved', 'pending', 'rejected', 'suspended', 'withdrawn']);
    expect(by.approved!.links).toBe(by.approved!.n);
    expect(by.suspended!.links).toBe(by.suspended!.n);
    expect(by.pending!.links + by.rejected!.links + by.withdrawn!.links).toBe(0);
    expect(by.rejected!.reasons).toBe(by.rejected!.n);
    const inactive = await one<{ n: number }>(`
      select count(*)::int n from tracking_links l join applications a on a.id = l.application_id
      where l.active <> (a.status = 'approved')`);
    expect(inactive.n).toBe(0);
  });

  it('tracks 90 days of clicks up to now, with bots, repeats, countries and sub-ids', async () => {
    const today = seededAt - (seededAt % DAY_MS);
    const span = await one<{ first: number; last: number; n: number; bots: number; uniques: number }>(`
      select extract(epoch from min(created_at)) * 1000 first, extract(epoch from max(created_at)) * 1000 last,
        count(*)::int n, count(*) filter (where is_bot)::int bots, count(*) filter (where is_unique)::int uniques
      from clicks`);
    expect(Number(span.first)).toBeGreaterThanOrEqual(today - 89 * DAY_MS);
    expect(Number(span.first)).toBeLessThan(today - 88 * DAY_MS);
    expect(Number(span.last)).toBeLessThanOrEqual(Date.now());
    expect(span.n).toBeGreaterThan(10_000);
    expect(span.n).toBeLessThan(100_000);
    expect(span.bots / span.n).toBeGreaterThan(0.01);
    expect(span.bots / span.n).toBeLessThan(0.06);
    expect(span.uniques).toBeLessThan(span.n - span.bots);
    const details = await one<{ countries: number; sub1: number; bots_unique: number; tests: number }>(`
      select count(distinct country)::int countries, count(sub1)::int sub1,
        count(*) filter (where is_bot and is_unique)::int bots_unique,
        (select count(*)::int from clicks where is_test) + (select count(*)::int from conversions where is_test)
          + (select count(*)::int from commissions where is_test) tests
      from clicks`);
    expect(details.countries).toBeGreaterThanOrEqual(7);
    expect(details.sub1).toBeGreaterThan(span.n / 2);
    expect(details.bots_unique).toBe(0);
    expect(details.tests).toBe(0);
    const days = await one<{ n: number }>(
      `select count(distinct (created_at at time zone 'UTC')::date)::int n from clicks`,
    );
    // 89 only in the first minutes after midnight UTC, before today has a click
    expect(days.n).toBeGreaterThanOrEqual(89);
  });

  it('keeps money in integer minor units in the campaign currency, in every commission state', async () => {
    const money = await rows<{
      amount: string;
      currency: string;
      campaign_currency: string;
      status: string;
    }>(`
      select c.amount_minor::text amount, c.currency, k.currency campaign_currency, c.status
      from commissions c join campaigns k on k.id = c.campaign_id
      union all
      select v.amount_minor::text, v.currency, k.currency, 'conversion'
      from conversions v join campaigns k on k.id = v.campaign_id`);
    for (const m of money) {
      expect(m.amount).toMatch(/^\d+$/);
      expect(m.currency).toBe(m.campaign_currency);
    }
    expect(new Set(money.map((m) => m.status))).toEqual(
      new Set(['pending', 'approved', 'paid', 'rejected', 'reversed', 'conversion']),
    );
    const decided = await one<{
      rejected_without_reason: number;
      cpc_without_click: number;
      orders: number;
    }>(`
      select count(*) filter (where status in ('rejected', 'reversed') and reason is null)::int
          rejected_without_reason,
        count(*) filter (where kind = 'click' and click_id is null)::int cpc_without_click,
        (select count(distinct order_id)::int from conversions) orders
      from commissions`);
    expect(decided.rejected_without_reason).toBe(0);
    expect(decided.cpc_without_click).toBe(0);
    // pending ones are recent: older ones have been through the 30-day hold
    const oldPending = await one<{ n: number }>(
      `select count(*)::int n from commissions where status = 'pending' and created_at < now() - interval '30 days'`,
    );
    expect(oldPending.n).toBe(0);
  });

  it('stays within every campaign budget and matches the daily_stats rollups', async () => {
    const over = await one<{ n: number }>(`
      select count(*)::int n from campaigns k where k.budget_minor is not null and k.budget_minor <= (
        select coalesce(sum(amount_minor), 0) from commissions c
        where c.campaign_id = k.id and c.status in ('pending', 'approved', 'paid'))`);
    expect(over.n).toBe(0);
    const rollup = await one<{ clicks: number; conversions: number; money: string }>(`
      select (sum(clicks) + sum(bot_clicks))::int clicks, sum(conversions)::int conversions,
        sum(pending_minor + approved_minor + paid_minor + rejected_minor + reversed_minor)::text money
      from daily_stats`);
    const raw = await one<{ clicks: number; conversions: number; money: string }>(`
      select (select count(*)::int from clicks where not is_test) clicks,
        (select count(*)::int from conversions where not is_test) conversions,
        (select sum(amount_minor)::text from commissions where not is_test) money`);
    expect(rollup).toEqual(raw);
  });

  it('leaves the advertisers pending applications to decide in their notifications', async () => {
    const notes = await rows<{ email: string; n: number }>(`
      select u.email, count(*)::int n from notifications n join users u on u.id = n.user_id
      where n.requires_action and not n.is_read group by u.email order by u.email`);
    expect(notes.map((r) => r.email)).toEqual(['alice@advertiser.test', 'bob@advertiser.test']);
  });

  it('gives alice an issued invoice she can download, a paid one, and leaves drafts for the admin', async () => {
    const states = await rows<{ email: string; status: string; n: number }>(`
      select u.email, i.status, count(*)::int n from invoices i join users u on u.id = i.advertiser_id
      group by u.email, i.status order by u.email, i.status`);
    const alice = states.filter((r) => r.email === 'alice@advertiser.test').map((r) => r.status);
    expect(alice).toEqual(expect.arrayContaining(['issued', 'paid']));
    expect(states.find((r) => r.email === 'alice@advertiser.test' && r.status === 'issued')?.n).toBe(1);
    expect(states.some((r) => r.status === 'draft')).toBe(true);
    // every invoice bills exactly its commissions plus the fee
    const off = await one<{ n: number }>(`
      select count(*)::int n from invoices i
      where i.subtotal_minor <> (select coalesce(sum(amount_minor), 0) from commissions c where c.invoice_id = i.id)
        or i.total_minor <> i.subtotal_minor + i.fee_minor`);
    expect(off.n).toBe(0);
    const token = await login(t, 'alice@advertiser.test', DEMO_PASSWORD);
    const [issued] = (await call(t, 'GET', '/api/invoices?status=issued', { token })).json();
    const pdf = await call(t, 'GET', `/api/invoices/${issued.id}/pdf`, { token });
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
  });

  it('gives paula an unread message from alice about a campaign she promotes, and alice one from the admin', async () => {
    const paula = await login(t, 'paula@publisher.test', DEMO_PASSWORD);
    const [withAlice] = (await call(t, 'GET', '/api/conversations', { token: paula })).json();
    expect(withAlice).toMatchObject({ unread_count: 1, campaign_name: expect.any(String) });
    expect(withAlice.members.map((m: { name: string }) => m.name).sort()).toEqual([
      'Alice Andersen',
      'Paula Pereira',
    ]);
    const thread = await call(t, 'GET', `/api/conversations/${withAlice.id}/messages`, { token: paula });
    expect(thread.json().length).toBeGreaterThanOrEqual(3);
    const alice = await login(t, 'alice@advertiser.test', DEMO_PASSWORD);
    const unread = (await call(t, 'GET', '/api/conversations/unread', { token: alice })).json();
    expect(unread).toEqual({ unread_count: 1, conversations: 1 });
  });

  it('puts banners on campaigns paula promotes, which she can download', async () => {
    const paula = await login(t, 'paula@publisher.test', DEMO_PASSWORD);
    const withCreatives = await rows<{ id: string; n: number }>(
      `select k.id, jsonb_array_length(k.creative_ids)::int n from campaigns k
       where k.creative_ids <> '[]'::jsonb and exists (select 1 from applications a
         join users u on u.id = a.publisher_id
         where a.campaign_id = k.id and a.status = 'approved' and u.email = 'paula@publisher.test')
       order by k.name`,
    );
    expect(withCreatives.length).toBeGreaterThanOrEqual(2);
    const [first] = withCreatives;
    const listed = await call(t, 'GET', `/api/media?campaign_id=${first!.id}`, { token: paula });
    expect(listed.json()).toHaveLength(first!.n);
    const banner = listed.json()[0];
    expect(banner).toMatchObject({ content_type: 'image/png', kind: 'image' });
    const file = await call(t, 'GET', banner.url, { token: paula });
    expect([file.statusCode, file.rawPayload.subarray(1, 4).toString()]).toEqual([200, 'PNG']);
    expect((await call(t, 'GET', banner.thumbnail_url, { token: paula })).statusCode).toBe(200);
  });

  it('gives alice an API key in use (last used an hour ago, with the address)', async () => {
    const alice = await login(t, 'alice@advertiser.test', DEMO_PASSWORD);
    const keys = (await call(t, 'GET', '/api/api-keys', { token: alice })).json();
    expect(keys).toEqual([
      expect.objectContaining({ name: 'Nightly report export', scope: 'read', last_used_ip: '203.0.113.42' }),
    ]);
    expect(Date.parse(keys[0].last_used_at)).toBeLessThan(Date.now());
  });

  it('has coupon codes with the sales they brought and a subscription campaign with renewals', async () => {
    const seen = await one<{ coupons: number; coupon_sales: number; renewals: number; recurring: number }>(`
      select (select count(*)::int from coupons) coupons,
        (select count(*)::int from conversions where attributed_by = 'coupon' and click_id is null) coupon_sales,
        (select count(*)::int from conversions where event = 'renewal' and renewal_of is not null) renewals,
        (select count(*)::int from campaigns where recurring is not null) recurring`);
    expect(seen.coupons).toBeGreaterThanOrEqual(2);
    expect(seen.coupon_sales).toBeGreaterThan(5);
    expect(seen.renewals).toBeGreaterThan(3);
    expect(seen.recurring).toBe(1);
  });

  it('seeds nothing on a second call', async () => {
    const before = await tableCounts();
    expect(await seedIfEmpty(t.database.db, testConfig({ seed: 'demo' }))).toEqual([]);
    expect(await tableCounts()).toEqual(before);
  });
});
