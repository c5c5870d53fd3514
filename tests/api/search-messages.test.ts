import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers, conversations, messages } from '../../server/db/schema/messaging';
import { users } from '../../server/db/schema/users';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

// Message search corrects misspelled words against the words messages hold (search_words, kept by a
// trigger) and then matches whole words, only in the caller's conversations (migration 0017).

let t: TestApp;

interface Account {
  id: string;
  token: string;
}
const who = {} as Record<'admin' | 'pub1' | 'pub2', Account>;

async function account(role: 'admin' | 'publisher', name: string): Promise<Account> {
  const u = await createUser(t, { role });
  await t.database.db.update(users).set({ name }).where(eq(users.id, u.id));
  return { id: u.id, token: await login(t, u.email, u.password) };
}

/** Starts a conversation from the admin with `member` and sends the bodies into it; its id. */
async function thread(member: Account, ...bodies: string[]): Promise<string> {
  const started = await call(t, 'POST', '/api/conversations', {
    token: who.admin.token,
    payload: { participant_ids: [member.id] },
  });
  expect([200, 201]).toContain(started.statusCode);
  const id = started.json().id as string;
  for (const body of bodies) {
    const sent = await call(t, 'POST', `/api/conversations/${id}/messages`, {
      token: who.admin.token,
      payload: { body },
    });
    expect(sent.statusCode, sent.body).toBe(201);
  }
  return id;
}

async function search(caller: Account, q: string, extra = '') {
  const res = await call(t, 'GET', `/api/search/messages?q=${encodeURIComponent(q)}${extra}`, {
    token: caller.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json() as { id: string; title: string; url: string }[];
  return { titles: items.map((i) => i.title), total: Number(res.headers['x-total-count']) };
}

beforeAll(async () => {
  t = await createTestApp();
  who.admin = await account('admin', 'Ada Admin');
  who.pub1 = await account('publisher', 'Paula Runner');
  who.pub2 = await account('publisher', 'Peter Walker');
  await thread(who.pub1, 'Snorkeling gear ships on Monday', 'The banner is ready', 'Two banners are ready');
  await thread(who.pub2, 'Snorkeling trips sell well in June');
});
afterAll(() => t.close());

describe('message search', () => {
  it('finds a word a new message brought, misspelled or half typed, in the caller’s threads only', async () => {
    for (const q of ['snorkling', 'snork', 'SNORKELING gear', 'snorkelng ger']) {
      expect((await search(who.pub1, q)).titles, q).toEqual(['Snorkeling gear ships on Monday']);
    }
    expect((await search(who.pub2, 'snorkling')).titles).toEqual(['Snorkeling trips sell well in June']);
    expect((await search(who.admin, 'snorkling')).total).toBe(2);
    // every word must match: no message has both
    expect((await search(who.pub1, 'snorkeling banner')).titles).toEqual([]);
    expect((await search(who.pub1, 'zzyzx')).titles).toEqual([]);
  });

  it('puts messages with the words as typed before those found through a corrected word', async () => {
    expect((await search(who.pub1, 'banner')).titles).toEqual([
      'The banner is ready',
      'Two banners are ready',
    ]);
    expect((await search(who.pub1, 'banners')).titles).toEqual([
      'Two banners are ready',
      'The banner is ready',
    ]);
  });

  it('counts every match in X-Total-Count, also for a page past the end', async () => {
    expect(await search(who.admin, 'ready', '&limit=1')).toEqual({
      titles: ['Two banners are ready'],
      total: 2,
    });
    expect(await search(who.admin, 'ready', '&limit=1&offset=1')).toEqual({
      titles: ['The banner is ready'],
      total: 2,
    });
    expect(await search(who.admin, 'ready', '&offset=5')).toEqual({ titles: [], total: 2 });
  });

  it('leaves one-letter words out and finds nothing for a query without words', async () => {
    expect((await search(who.pub1, 'a snorkeling')).titles).toEqual(['Snorkeling gear ships on Monday']);
    expect(await search(who.pub1, '%%')).toEqual({ titles: [], total: 0 });
  });

  it('finds the messages of a member added after they were written (as the demo seed adds them)', async () => {
    const [conversation] = await t.database.db
      .insert(conversations)
      .values({ memberKey: `test:${Date.now()}`, createdBy: who.admin.id })
      .returning();
    await t.database.db
      .insert(messages)
      .values({ conversationId: conversation!.id, senderId: who.admin.id, body: 'Kayaking season opens' });
    expect((await search(who.pub2, 'kayakng')).titles).toEqual([]);
    await t.database.db.insert(conversationMembers).values([
      { conversationId: conversation!.id, userId: who.admin.id },
      { conversationId: conversation!.id, userId: who.pub2.id },
    ]);
    expect((await search(who.pub2, 'kayakng')).titles).toEqual(['Kayaking season opens']);
    expect((await search(who.pub1, 'kayakng')).titles).toEqual([]);
  });

  it('no longer finds a deleted message, or the messages of a deleted conversation', async () => {
    const pub = await account('publisher', 'Wanda Waves');
    const id = await thread(pub, 'Windsurfing boards restocked', 'Windsurfing lessons booked');
    expect((await search(pub, 'windsurfng')).total).toBe(2);
    await t.database.db.delete(messages).where(eq(messages.body, 'Windsurfing lessons booked'));
    expect((await search(pub, 'windsurfng')).titles).toEqual(['Windsurfing boards restocked']);
    await t.database.db.delete(conversations).where(eq(conversations.id, id));
    expect(await search(pub, 'windsurfing')).toEqual({ titles: [], total: 0 });
  });

  it('stops finding a member’s messages once they leave the conversation', async () => {
    const pub = await account('publisher', 'Gil Glider');
    const id = await thread(pub, 'Paragliding permits arrived');
    expect((await search(pub, 'paraglidng')).total).toBe(1);
    await t.database.db
      .delete(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, pub.id)));
    expect((await search(pub, 'paraglidng')).total).toBe(0);
    expect((await search(who.admin, 'paraglidng')).total).toBe(1);
  });
});
