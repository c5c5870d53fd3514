import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/users';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

// Campaign search corrects misspelled words against the words campaigns hold (campaign_words, kept by
// triggers on campaigns) and then matches whole words of name and description (migration 0018).

let t: TestApp;

interface Account {
  id: string;
  token: string;
}
const who = {} as Record<'admin' | 'adv1' | 'adv2' | 'pub', Account>;

async function account(role: 'admin' | 'advertiser' | 'publisher', name: string): Promise<Account> {
  const u = await createUser(t, { role });
  await t.database.db.update(users).set({ name }).where(eq(users.id, u.id));
  return { id: u.id, token: await login(t, u.email, u.password) };
}

async function campaign(owner: Account, name: string, status: string, description = ''): Promise<string> {
  const res = await call(t, 'POST', '/api/campaigns', {
    token: owner.token,
    payload: {
      name,
      description,
      category: 'travel',
      landing_url: 'https://shop.example/',
      currency: 'USD',
      commission_model: 'cpa',
      payout_minor: 1000,
      status,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function search(caller: Account, q: string) {
  const res = await call(t, 'GET', `/api/search/campaigns?q=${encodeURIComponent(q)}`, {
    token: caller.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json() as { id: string; title: string }[];
  return {
    titles: items.map((i) => i.title),
    ids: items.map((i) => i.id),
    total: Number(res.headers['x-total-count']),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  who.admin = await account('admin', 'Ada Admin');
  who.adv1 = await account('advertiser', 'Olga Outdoor');
  who.adv2 = await account('advertiser', 'Rita Rival');
  who.pub = await account('publisher', 'Paul Publisher');
  await campaign(who.adv1, 'Lake Kayak Tours', 'active');
  await campaign(who.adv1, 'Sea Kayaks Club', 'active');
  await campaign(who.adv1, 'Alpha River Trips', 'active', 'Guided kayak adventures on quiet rivers');
});
afterAll(() => t.close());

describe('campaign search', () => {
  it('finds a new campaign by a misspelled or half-typed word of its name or description', async () => {
    const id = await campaign(who.adv1, 'Snowshoe Rentals', 'active', 'Weekend equipment for glaciers');
    for (const q of ['snowshoe', 'snowshoes rentls', 'SNOWSH', 'glaciers', 'glacer weekend']) {
      expect((await search(who.pub, q)).ids, q).toEqual([id]);
    }
    // every word must match, in the name or the description
    expect((await search(who.pub, 'snowshoe kayak')).ids).toEqual([]);
    expect((await search(who.pub, 'zzyzx')).ids).toEqual([]);
  });

  it('finds a renamed campaign by its new name, typos forgiven, and no longer by the old one', async () => {
    const id = await campaign(who.adv1, 'Canoe Weekend Deals', 'active', 'Rafts and lifejackets');
    expect((await search(who.pub, 'canoe')).ids).toEqual([id]);
    const renamed = await call(t, 'PUT', `/api/campaigns/${id}`, {
      token: who.adv1.token,
      payload: { name: 'Paddleboard Summer Deals', description: 'Boards for lakes' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await search(who.pub, 'padleboard sumer')).ids).toEqual([id]);
    expect((await search(who.pub, 'boards lakes')).ids).toEqual([id]);
    for (const q of ['canoe', 'cano weekend', 'lifejackets'])
      expect((await search(who.pub, q)).ids, q).toEqual([]);
  });

  it('ranks the word as typed before a corrected one, and a name before a description', async () => {
    expect((await search(who.pub, 'kayaks')).titles).toEqual([
      'Sea Kayaks Club',
      'Lake Kayak Tours',
      'Alpha River Trips',
    ]);
    expect((await search(who.pub, 'kayak')).titles).toEqual([
      'Lake Kayak Tours',
      'Sea Kayaks Club',
      'Alpha River Trips',
    ]);
    expect((await search(who.pub, 'Sea Kayaks Club')).titles[0]).toBe('Sea Kayaks Club');
  });

  it("keeps others' drafts out whatever the words: a word known from a draft finds it for its owner only", async () => {
    const id = await campaign(who.adv2, 'Zeppelin Rides', 'draft');
    expect((await search(who.adv2, 'zepelin')).ids).toEqual([id]);
    expect((await search(who.admin, 'zepelin')).ids).toEqual([id]);
    expect((await search(who.adv1, 'zepelin')).ids).toEqual([]);
    expect((await search(who.pub, 'zepelin')).ids).toEqual([]);
    const global = await call(t, 'GET', '/api/search/global?q=zepelin', { token: who.pub.token });
    expect(global.json().campaigns).toEqual([]);
  });

  it('finds nothing for a query without a word of two letters or more, and counts every match', async () => {
    expect(await search(who.admin, 'a b')).toEqual({ titles: [], ids: [], total: 0 });
    expect(await search(who.admin, '!!')).toEqual({ titles: [], ids: [], total: 0 });
    const res = await call(t, 'GET', '/api/search/campaigns?q=kayak&limit=1', { token: who.pub.token });
    expect(res.json()).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('3');
  });
});
