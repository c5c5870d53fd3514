import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../server/db/schema/billing';
import { campaigns, websites } from '../../server/db/schema/marketplace';
import { media } from '../../server/db/schema/media';
import { profiles, users } from '../../server/db/schema/users';
import { tableCounter } from './support/table-counts';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

let t: TestApp;

interface Account {
  id: string;
  token: string;
}
const who = {} as Record<'admin' | 'adv1' | 'adv2' | 'pub1' | 'pub2' | 'suspendedAdv', Account>;
const ids = {} as Record<string, string>;

async function account(
  role: 'admin' | 'advertiser' | 'publisher',
  name: string,
  profile: Partial<typeof profiles.$inferInsert> = {},
): Promise<Account> {
  const u = await createUser(t, { role });
  await t.database.db.update(users).set({ name }).where(eq(users.id, u.id));
  await t.database.db
    .insert(profiles)
    .values({ userId: u.id, ...profile })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...profile, updatedAt: new Date() } });
  return { id: u.id, token: await login(t, u.email, u.password) };
}

async function campaign(owner: Account, name: string, status: string, description = '') {
  const res = await call(t, 'POST', '/api/campaigns', {
    token: owner.token,
    payload: {
      name,
      description,
      category: 'fashion',
      landing_url: 'https://shop.example/',
      currency: 'USD',
      commission_model: 'cpa',
      payout_minor: 1000,
      status,
    },
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

async function website(owner: Account, name: string, url: string) {
  const res = await call(t, 'POST', '/api/websites', {
    token: owner.token,
    payload: { url, name, category: 'fashion' },
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  const id = res.json().id as string;
  await t.database.db
    .update(websites)
    .set({ verificationStatus: 'verified', verifiedAt: new Date() })
    .where(eq(websites.id, id));
  return id;
}

async function invoice(owner: Account, number: string, month: string, status: 'draft' | 'issued') {
  const [row] = await t.database.db
    .insert(invoices)
    .values({
      number,
      advertiserId: owner.id,
      month,
      status,
      currency: 'USD',
      subtotalMinor: 10_000n,
      feeBps: 1000,
      feeMinor: 1000n,
      totalMinor: 11_000n,
      issuedAt: status === 'issued' ? new Date() : null,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  who.admin = await account('admin', 'Ada Admin');
  who.adv1 = await account('advertiser', 'Alice Outdoor', { companyName: 'Alpine Outfitters' });
  who.adv2 = await account('advertiser', 'Bob Bikes', { companyName: 'Bobs Bicycles' });
  who.suspendedAdv = await account('advertiser', 'Sam Suspended', { companyName: 'Alpine Shadow' });
  await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, who.suspendedAdv.id));
  who.pub1 = await account('publisher', 'Paula Runner', { displayName: 'Runner Media' });
  who.pub2 = await account('publisher', 'Peter Walker', { displayName: 'Walker Weekly' });

  ids.gear = await campaign(who.adv1, 'Marathon Gear', 'active');
  ids.exact = await campaign(who.adv1, 'Marathon', 'active');
  ids.draft = await campaign(who.adv1, 'Marathon Secret Draft', 'draft');
  ids.shoes = await campaign(who.adv1, 'Trail Shoes', 'active', 'Lightweight footwear for mountain runs');
  ids.rival = await campaign(who.adv2, 'Marathon Rival Promo', 'paused');

  ids.blog = await website(who.pub1, 'Runners Blog', 'https://runners-blog.example');
  ids.weekly = await website(who.pub2, 'Runners Weekly', 'https://runners-weekly.example');
  const applied = await call(t, 'POST', '/api/applications', {
    token: who.pub1.token,
    payload: { campaign_id: ids.gear, website_id: ids.blog, message: 'hi' },
  });
  if (applied.statusCode !== 201) throw new Error(`${applied.statusCode} ${applied.body}`);
  ids.application = applied.json().id;

  ids.inv1 = await invoice(who.adv1, 'INV-2026-0001', '2026-01', 'issued');
  ids.inv1Draft = await invoice(who.adv1, 'INV-2026-0002', '2026-02', 'draft');
  ids.inv2 = await invoice(who.adv2, 'INV-2026-0003', '2026-01', 'issued');

  const [banner] = await t.database.db
    .insert(media)
    .values({
      ownerId: who.adv1.id,
      filename: 'marathon-banner.png',
      contentType: 'image/png',
      sizeBytes: 1234,
      storageKey: 'test/marathon-banner.png',
      width: 728,
      height: 90,
    })
    .returning();
  ids.banner = banner!.id;
  const started = await call(t, 'POST', '/api/conversations', {
    token: who.admin.token,
    payload: { participant_ids: [who.pub1.id], body: 'Your tracking link for Marathon Gear is live now' },
  });
  if (started.statusCode !== 201) throw new Error(`${started.statusCode} ${started.body}`);
  ids.conversation = started.json().id;
  const thread = await call(t, 'GET', `/api/conversations/${ids.conversation}/messages`, {
    token: who.admin.token,
  });
  ids.message = (thread.json() as { id: string }[])[0]!.id;
});
afterAll(() => t.close());

async function scoped(account: Account, scope: string, q: string, extra = '') {
  const res = await call(t, 'GET', `/api/search/${scope}?q=${encodeURIComponent(q)}${extra}`, {
    token: account.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json() as { id: string; type: string; title: string; subtitle: string; url: string }[];
  return { items, ids: items.map((i) => i.id).sort(), total: Number(res.headers['x-total-count']) };
}

const sorted = (...values: string[]) => [...values].sort();

describe('search permissions, scope by scope', () => {
  it('campaigns: owners see their own, publishers only active ones, admins all', async () => {
    expect((await scoped(who.admin, 'campaigns', 'marathon')).ids).toEqual(
      sorted(ids.gear!, ids.exact!, ids.draft!, ids.rival!),
    );
    expect((await scoped(who.adv1, 'campaigns', 'marathon')).ids).toEqual(
      sorted(ids.gear!, ids.exact!, ids.draft!),
    );
    expect((await scoped(who.adv2, 'campaigns', 'marathon')).ids).toEqual([ids.rival]);
    // a publisher never finds a draft or paused campaign
    expect((await scoped(who.pub1, 'campaigns', 'marathon')).ids).toEqual(sorted(ids.gear!, ids.exact!));
    expect((await scoped(who.pub2, 'campaigns', 'secret draft')).ids).toEqual([]);
  });

  it('publishers: advertisers and admins find active publishers; publishers find none', async () => {
    expect((await scoped(who.adv1, 'publishers', 'walker')).items).toMatchObject([
      {
        id: who.pub2.id,
        type: 'publisher',
        title: 'Walker Weekly',
        url: `/publishers?publisher=${who.pub2.id}`,
      },
    ]);
    expect((await scoped(who.admin, 'publishers', 'paula')).ids).toEqual([who.pub1.id]);
    expect((await scoped(who.pub1, 'publishers', 'walker')).ids).toEqual([]);
  });

  it('advertisers: publishers find active ones, an advertiser only itself, admins every one', async () => {
    expect((await scoped(who.pub1, 'advertisers', 'alpine')).ids).toEqual([who.adv1.id]);
    expect((await scoped(who.adv2, 'advertisers', 'alpine')).ids).toEqual([]);
    expect((await scoped(who.adv1, 'advertisers', 'alpine')).ids).toEqual([who.adv1.id]);
    expect((await scoped(who.admin, 'advertisers', 'alpine')).ids).toEqual(
      sorted(who.adv1.id, who.suspendedAdv.id),
    );
  });

  it('websites: a publisher finds only their own, advertisers none, admins all', async () => {
    expect((await scoped(who.pub1, 'websites', 'runners')).items).toMatchObject([
      { id: ids.blog, type: 'website', title: 'Runners Blog', url: `/websites?website=${ids.blog}` },
    ]);
    expect((await scoped(who.pub2, 'websites', 'runners')).ids).toEqual([ids.weekly]);
    expect((await scoped(who.adv1, 'websites', 'runners')).ids).toEqual([]);
    expect((await scoped(who.admin, 'websites', 'runners')).ids).toEqual(sorted(ids.blog!, ids.weekly!));
  });

  it("applications: the applicant's, the campaign owner's and admins'; nobody else's", async () => {
    for (const account of [who.pub1, who.adv1, who.admin]) {
      expect((await scoped(account, 'applications', 'marathon gear')).ids).toEqual([ids.application]);
    }
    for (const account of [who.pub2, who.adv2]) {
      expect((await scoped(account, 'applications', 'marathon gear')).ids).toEqual([]);
    }
    expect((await scoped(who.pub1, 'applications', 'runners-blog')).items[0]).toMatchObject({
      type: 'application',
      title: 'Marathon Gear',
      url: `/applications?application=${ids.application}`,
    });
  });

  it("invoices: an advertiser's own once issued, admins all, publishers none", async () => {
    const own = await scoped(who.adv1, 'invoices', 'INV-2026');
    expect(own.ids).toEqual([ids.inv1]);
    expect(own.items[0]).toMatchObject({ title: 'INV-2026-0001', date: '2026-01' });
    expect((await scoped(who.adv2, 'invoices', 'INV-2026')).ids).toEqual([ids.inv2]);
    expect((await scoped(who.pub1, 'invoices', 'INV-2026')).ids).toEqual([]);
    expect((await scoped(who.admin, 'invoices', 'INV-2026')).ids).toEqual(
      sorted(ids.inv1!, ids.inv1Draft!, ids.inv2!),
    );
    // by the advertiser's company name
    expect((await scoped(who.admin, 'invoices', 'Alpine Outfitters')).ids).toEqual(
      sorted(ids.inv1!, ids.inv1Draft!),
    );
    expect((await scoped(who.adv1, 'invoices', 'INV-2026-0001')).items[0]).toMatchObject({
      title: 'INV-2026-0001',
      url: `/invoices?id=${ids.inv1}`,
    });
  });

  it("media: the caller's own library only, by file name, typos forgiven", async () => {
    const { ids: found, items } = await scoped(who.adv1, 'media', 'marathn banner');
    expect(found).toEqual([ids.banner]);
    expect(items[0]).toMatchObject({
      type: 'media',
      title: 'marathon-banner.png',
      url: `/media?media=${ids.banner}`,
    });
    expect((await scoped(who.adv2, 'media', 'marathon banner')).ids).toEqual([]);
    expect((await scoped(who.pub1, 'media', 'marathon banner')).ids).toEqual([]);
  });

  it("messages: only from the caller's own conversations", async () => {
    const mine = await scoped(who.pub1, 'messages', 'trackng link');
    expect(mine.ids).toEqual([ids.message]);
    expect(mine.items[0]).toMatchObject({
      type: 'message',
      url: `/conversation=${ids.conversation}`,
      subtitle: expect.stringContaining('Ada Admin'),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await scoped(who.admin, 'messages', 'tracking link')).ids).toEqual([ids.message]);
    // a member of neither side, an admin included, finds nothing of it
    expect((await scoped(who.pub2, 'messages', 'tracking link')).ids).toEqual([]);
    expect((await scoped(who.adv1, 'messages', 'tracking link')).ids).toEqual([]);
  });

  it('global search groups what each scope finds for the caller', async () => {
    const res = await call(t, 'GET', '/api/search/global?q=runner', { token: who.pub1.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      sorted(
        'campaigns',
        'publishers',
        'advertisers',
        'websites',
        'applications',
        'invoices',
        'media',
        'messages',
      ),
    );
    expect(body.websites.map((w: { id: string }) => w.id)).toEqual([ids.blog]);
    expect(body.publishers).toEqual([]);
    expect(body.invoices).toEqual([]);

    const admin = (await call(t, 'GET', '/api/search/global?q=marathon', { token: who.admin.token })).json();
    expect(admin.campaigns).toHaveLength(4);
    expect(admin.applications).toHaveLength(1);
  });
});

describe('matching and ranking', () => {
  it('tolerates typos: "Maraton" and "Marthon" find "Marathon Gear"', async () => {
    for (const q of ['Maraton', 'marthon gear']) {
      expect((await scoped(who.pub1, 'campaigns', q)).ids).toContain(ids.gear);
    }
    expect((await scoped(who.adv1, 'publishers', 'Walkr')).ids).toEqual([who.pub2.id]);
  });

  it('finds campaigns by words of their description', async () => {
    expect((await scoped(who.pub1, 'campaigns', 'footwear')).ids).toEqual([ids.shoes]);
  });

  it('puts an exact match first, then names starting with the query', async () => {
    const { items } = await scoped(who.adv1, 'campaigns', 'marathon');
    expect(items.map((i) => i.title)).toEqual(['Marathon', 'Marathon Gear', 'Marathon Secret Draft']);
    const global = (await call(t, 'GET', '/api/search/global?q=Marathon', { token: who.pub1.token })).json();
    expect(global.campaigns[0]).toMatchObject({
      id: ids.exact,
      type: 'campaign',
      title: 'Marathon',
      url: `/campaigns?campaign=${ids.exact}`,
    });
  });

  it('pages a scope with limit and offset and counts every match in X-Total-Count', async () => {
    const first = await scoped(who.admin, 'campaigns', 'marathon', '&limit=2');
    const second = await scoped(who.admin, 'campaigns', 'marathon', '&limit=2&offset=2');
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.ids, ...second.ids]).size).toBe(4);
  });

  it('limits global search per type', async () => {
    const res = await call(t, 'GET', '/api/search/global?q=marathon&limit=1', { token: who.admin.token });
    expect(res.json().campaigns).toHaveLength(1);
  });

  it('suggests names the caller may see, best first and without repeats', async () => {
    const res = await call(t, 'GET', '/api/search/suggestions?q=marathon', { token: who.pub1.token });
    expect(res.statusCode).toBe(200);
    const names = res.json() as string[];
    expect(names[0]).toBe('Marathon');
    expect(names).toContain('Marathon Gear');
    expect(names).not.toContain('Marathon Secret Draft');
    expect(names).not.toContain('Marathon Rival Promo');
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});

describe('input rules', () => {
  it('answers empty results for queries under 2 characters', async () => {
    const global = await call(t, 'GET', '/api/search/global?q=m', { token: who.admin.token });
    expect(global.statusCode).toBe(200);
    expect(Object.values(global.json()).every((list) => Array.isArray(list) && list.length === 0)).toBe(true);
    const none = await call(t, 'GET', '/api/search/global', { token: who.admin.token });
    expect(none.statusCode).toBe(200);
    const one = await scoped(who.admin, 'campaigns', ' m ');
    expect(one.items).toEqual([]);
    expect(one.total).toBe(0);
    const suggestions = await call(t, 'GET', '/api/search/suggestions?q=m', { token: who.admin.token });
    expect(suggestions.json()).toEqual([]);
  });

  it('refuses bad limits, offsets, NUL and overlong queries with a 4xx detail', async () => {
    const countRows = await tableCounter(t);
    const before = await countRows();
    for (const url of [
      '/api/search/global?q=marathon&limit=0',
      '/api/search/global?q=marathon&limit=51',
      '/api/search/global?q=marathon&limit=abc',
      '/api/search/campaigns?q=marathon&limit=101',
      '/api/search/campaigns?q=marathon&offset=-1',
      '/api/search/campaigns?q=mara%00thon',
      `/api/search/global?q=${'a'.repeat(201)}`,
      '/api/search/nonsense?q=marathon',
    ]) {
      const res = await call(t, 'GET', url, { token: who.admin.token });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().detail, url).toEqual(expect.any(String));
    }
    expect(await countRows()).toEqual(before);
  });

  it('takes wildcards literally', async () => {
    expect((await scoped(who.admin, 'campaigns', '%%')).items).toEqual([]);
    expect((await scoped(who.admin, 'campaigns', '__')).items).toEqual([]);
  });

  it('requires a signed-in caller', async () => {
    for (const url of ['/api/search/global?q=marathon', '/api/search/campaigns?q=marathon']) {
      expect((await call(t, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('does not find a campaign after its owner deletes it', async () => {
    const id = await campaign(who.adv2, 'Ephemeral Sprint', 'draft');
    expect((await scoped(who.adv2, 'campaigns', 'ephemeral')).ids).toEqual([id]);
    await t.database.db.delete(campaigns).where(eq(campaigns.id, id));
    expect((await scoped(who.adv2, 'campaigns', 'ephemeral')).ids).toEqual([]);
  });
});
