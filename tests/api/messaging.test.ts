import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../server/db/schema/media';
import { conversations, messages } from '../../server/db/schema/messaging';
import { notifications } from '../../server/db/schema/notifications';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party, type Party } from './support/tracking-fixtures';

let t: TestApp;
let base: string;
let adv: Party;
let advB: Party;
let pub: Party;
let pubB: Party;
let admin: Party;
let campaignId: string;

const get = (token: string, url: string) => call(t, 'GET', url, { token });
const post = (token: string, url: string, payload?: unknown) => call(t, 'POST', url, { token, payload });
const count = async (table: typeof conversations | typeof messages) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** A conversation of `from` with `to` (about `campaign`), started with a first message. */
async function converse(from: Party, to: Party, campaign?: string, body = 'Hello there') {
  const res = await post(from.token, '/api/conversations', {
    participant_ids: [to.id],
    campaign_id: campaign,
    body,
  });
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as { id: string; campaign_id: string | null };
}

beforeAll(async () => {
  t = await createTestApp({}, { messagingHeartbeatMs: 200 });
  [adv, advB, pub, pubB, admin] = await Promise.all([
    party(t, 'advertiser'),
    party(t, 'advertiser'),
    party(t, 'publisher'),
    party(t, 'publisher'),
    party(t, 'admin'),
  ]);
  campaignId = (await approvedLink(t, adv, pub)).campaign.id;
  // advB's campaign: pubB applied; pub did not
  await approvedLink(t, advB, pubB);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('who may talk to whom', () => {
  it('lets an advertiser and a publisher on their campaign talk, about the campaign or in general', async () => {
    const about = await post(adv.token, '/api/conversations', {
      participant_ids: [pub.id],
      campaign_id: campaignId,
      body: 'Welcome aboard',
    });
    expect(about.statusCode).toBe(201);
    expect(about.json()).toMatchObject({
      campaign_id: campaignId,
      campaign_name: 'Tracked campaign',
      last_message: { body: 'Welcome aboard', sender_id: adv.id },
      unread_count: 0,
    });
    expect(
      about
        .json()
        .members.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([adv.id, pub.id].sort());
    const general = await post(pub.token, '/api/conversations', { participant_ids: [adv.id] });
    expect(general.statusCode).toBe(201);
    expect(general.json()).toMatchObject({ campaign_id: null, last_message: null });
  });

  it('refuses strangers, publishers among themselves and campaigns that are not shared; stores nothing', async () => {
    const before = [await count(conversations), await count(messages)];
    const refused = [
      [pub, { participant_ids: [advB.id], body: 'hi' }],
      [pub, { participant_ids: [pubB.id], body: 'hi' }],
      [adv, { participant_ids: [advB.id] }],
      [adv, { participant_ids: [pubB.id] }],
      // pub works with adv, but not on advB's campaigns
      [adv, { participant_ids: [pub.id, pubB.id] }],
      [pub, { participant_ids: [admin.id], campaign_id: (await approvedLink(t, advB, pubB)).campaign.id }],
      [pub, { participant_ids: ['6a1c3b9e-0000-4000-8000-000000000000'] }],
    ] as const;
    for (const [who, payload] of refused) {
      const res = await post(who.token, '/api/conversations', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json().detail).toMatch(/You can message admins/);
    }
    expect(await post(pub.token, '/api/conversations', { participant_ids: [pub.id] })).toMatchObject({
      statusCode: 403,
    });
    expect([await count(conversations), await count(messages)]).toEqual(before);
  });

  it('lets anyone write to admins and admins to anyone', async () => {
    expect((await post(pubB.token, '/api/conversations', { participant_ids: [admin.id] })).statusCode).toBe(
      201,
    );
    expect(
      (await post(admin.token, '/api/conversations', { participant_ids: [pub.id, advB.id] })).statusCode,
    ).toBe(201);
  });

  it('hides a conversation and its messages from non-members, admins included (404)', async () => {
    const c = await converse(adv, pub, undefined, 'Private');
    for (const outsider of [pubB, advB, admin]) {
      expect((await get(outsider.token, `/api/conversations/${c.id}`)).statusCode).toBe(404);
      expect((await get(outsider.token, `/api/conversations/${c.id}/messages`)).statusCode).toBe(404);
      expect(
        (await post(outsider.token, `/api/conversations/${c.id}/messages`, { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await post(outsider.token, `/api/conversations/${c.id}/read`)).statusCode).toBe(404);
      const list = (await get(outsider.token, '/api/conversations?limit=100')).json();
      expect(list.map((x: { id: string }) => x.id)).not.toContain(c.id);
    }
    const mine = (await get(pub.token, `/api/conversations/${c.id}/messages`)).json();
    expect(mine.map((m: { body: string }) => m.body)).toEqual(['Private']);
  });

  it('lists as contacts only the people one may message', async () => {
    const ids = async (p: Party) =>
      (await get(p.token, '/api/messaging/contacts')).json().map((c: { id: string }) => c.id);
    const ofPub = await ids(pub);
    expect(ofPub).toEqual(expect.arrayContaining([adv.id, admin.id]));
    expect(ofPub).not.toContain(advB.id);
    expect(ofPub).not.toContain(pubB.id);
    const ofAdv = (await get(adv.token, '/api/messaging/contacts')).json();
    expect(ofAdv.find((c: { id: string }) => c.id === pub.id).campaigns).toEqual([
      { id: campaignId, name: 'Tracked campaign' },
    ]);
    expect(ofAdv.map((c: { id: string }) => c.id)).not.toContain(pubB.id);
    expect((await ids(admin)).length).toBeGreaterThanOrEqual(4);
  });
});

describe('conversations and messages', () => {
  it('returns the existing conversation for the same members and campaign instead of a duplicate', async () => {
    const first = await converse(advB, pubB, undefined, 'One');
    const again = await post(pubB.token, '/api/conversations', { participant_ids: [advB.id], body: 'Two' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    expect(again.json().last_message.body).toBe('Two');
    const rows = await t.database.db.select().from(messages).where(eq(messages.conversationId, first.id));
    expect(rows.map((m) => m.body)).toEqual(['One', 'Two']);
  });

  it('pages a thread backwards with the before cursor, oldest first within a page', async () => {
    const c = await converse(admin, pub, campaignId, 'm1');
    for (let i = 2; i <= 7; i += 1) {
      const res = await post(i % 2 ? admin.token : pub.token, `/api/conversations/${c.id}/messages`, {
        body: `m${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const newest = await get(pub.token, `/api/conversations/${c.id}/messages?limit=3`);
    expect(newest.headers['x-total-count']).toBe('7');
    expect(newest.json().map((m: { body: string }) => m.body)).toEqual(['m5', 'm6', 'm7']);
    const before = newest.json()[0].seq;
    const older = await get(pub.token, `/api/conversations/${c.id}/messages?limit=3&before=${before}`);
    expect(older.json().map((m: { body: string }) => m.body)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await get(
      pub.token,
      `/api/conversations/${c.id}/messages?limit=3&before=${older.json()[0].seq}`,
    );
    expect(oldest.json().map((m: { body: string }) => m.body)).toEqual(['m1']);
    expect((await get(pub.token, `/api/conversations/${c.id}/messages?before=abc`)).statusCode).toBe(422);
  });

  it('counts unread messages per conversation and overall, and keeps read receipts', async () => {
    const c = await converse(admin, pubB, undefined, 'Please update your payout details');
    await post(admin.token, `/api/conversations/${c.id}/messages`, { body: 'Thanks!' });
    const listed = (await get(pubB.token, '/api/conversations')).json();
    expect(listed[0]).toMatchObject({ id: c.id, unread_count: 2, last_message: { body: 'Thanks!' } });
    expect((await get(pubB.token, '/api/conversations/unread')).json()).toMatchObject({ unread_count: 2 });
    expect((await get(admin.token, `/api/conversations/${c.id}`)).json().unread_count).toBe(0);

    const read = await post(pubB.token, `/api/conversations/${c.id}/read`);
    expect(read.json()).toMatchObject({ conversation_id: c.id, unread_count: 0 });
    expect((await get(pubB.token, '/api/conversations/unread')).json().unread_count).toBe(0);
    const seen = (await get(admin.token, `/api/conversations/${c.id}`)).json();
    const receipt = seen.members.find((m: { id: string }) => m.id === pubB.id);
    expect(receipt.last_read_seq).toBe(seen.last_message.seq);
    expect(receipt.last_read_at).not.toBeNull();
    // a receipt never moves backwards
    await post(pubB.token, `/api/conversations/${c.id}/read`, { seq: 1 });
    expect((await post(pubB.token, `/api/conversations/${c.id}/read`)).json().last_read_seq).toBe(
      seen.last_message.seq,
    );
  });

  it('refuses empty or overlong bodies and files that are not the sender’s, changing nothing', async () => {
    const c = await converse(adv, pub, undefined, 'Start');
    const [foreign] = await t.database.db
      .insert(media)
      .values({
        ownerId: advB.id,
        filename: 'theirs.png',
        contentType: 'image/png',
        sizeBytes: 10,
        storageKey: 'nowhere',
      })
      .returning();
    const before = await count(messages);
    const url = `/api/conversations/${c.id}/messages`;
    expect((await post(pub.token, url, { body: '   ' })).statusCode).toBe(422);
    const long = await post(pub.token, url, { body: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toMatch(/5000/);
    const stolen = await post(pub.token, url, { body: 'look', attachment_ids: [foreign!.id] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().detail).toMatch(/attachment_ids/);
    expect(await count(messages)).toBe(before);
    expect((await post(pub.token, url, { body: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('sends attachments from the sender’s library with their details', async () => {
    const c = await converse(adv, pub, undefined, 'Banner coming');
    const [own] = await t.database.db
      .insert(media)
      .values({
        ownerId: adv.id,
        filename: 'banner.png',
        contentType: 'image/png',
        sizeBytes: 1234,
        storageKey: 'k',
        thumbnailKey: 't',
      })
      .returning();
    const res = await post(adv.token, `/api/conversations/${c.id}/messages`, {
      body: 'Here it is',
      attachment_ids: [own!.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().attachments).toEqual([
      {
        id: own!.id,
        filename: 'banner.png',
        content_type: 'image/png',
        size_bytes: 1234,
        url: `/api/media/${own!.id}/file`,
        thumbnail_url: `/api/media/${own!.id}/thumbnail`,
      },
    ]);
  });

  it('notifies the other members (not the sender) with a link to the thread', async () => {
    const c = await converse(advB, pubB, undefined, 'Ping from advB');
    await t.app.settle();
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pubB.id), eq(notifications.category, 'message')));
    const note = told.find((n) => n.body === 'Ping from advB');
    expect(note).toMatchObject({
      link: `/conversation=${c.id}`,
      data: expect.objectContaining({ type: 'message', id: c.id }),
    });
    const own = await t.database.db.select().from(notifications).where(eq(notifications.userId, advB.id));
    expect(own.some((n) => n.body === 'Ping from advB')).toBe(false);
  });
});

interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/** Opens the live stream with fetch (as the client does) and reads its events as they come. */
async function openStream(token: string, options: { lastEventId?: number; open?: string } = {}) {
  const controller = new AbortController();
  const url = new URL('/api/messaging/stream', base);
  if (options.open) url.searchParams.set('open', options.open);
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.lastEventId !== undefined ? { 'last-event-id': String(options.lastEventId) } : {}),
    },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let waiters: (() => void)[] = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            const [field, ...rest] = line.split(': ');
            if (field === 'id' || field === 'event' || field === 'data') event[field] = rest.join(': ');
          }
          events.push(event);
        }
        waiters.forEach((w) => w());
        waiters = [];
      }
    } catch {
      // aborted
    }
  })();
  /** Resolves with the first event matching `test`, waiting up to 5 s. */
  const next = async (test: (e: SseEvent) => boolean): Promise<SseEvent> => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = events.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  const messagesIn = () =>
    events
      .filter((e) => e.event === 'message')
      .map((e) => JSON.parse(e.data!) as { body: string; seq: number });
  return { res, events, next, messagesIn, close: () => controller.abort() };
}

describe('the live stream', () => {
  it('refuses anonymous callers', async () => {
    const res = await fetch(new URL('/api/messaging/stream', base));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: string }).detail).toBeTruthy();
  });

  it('delivers a message sent by another user, with heartbeats, and resumes after a reconnect', async () => {
    const c = await converse(adv, pub, undefined, 'Before the stream');
    const stream = await openStream(pub.token);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.next((e) => e.event === 'ready');
    await post(adv.token, `/api/conversations/${c.id}/messages`, { body: 'Live one' });
    const live = await stream.next((e) => e.event === 'message');
    const message = JSON.parse(live.data!);
    expect(message).toMatchObject({ body: 'Live one', conversation_id: c.id, sender_id: adv.id });
    expect(live.id).toBe(String(message.seq));
    await stream.next((e) => e.comment === 'heartbeat');
    // nobody else's messages come down this stream
    await post(advB.token, '/api/conversations', { participant_ids: [pubB.id], body: 'Not for pub' });
    stream.close();

    // missed while away: sent after the last event id the client saw
    await post(adv.token, `/api/conversations/${c.id}/messages`, { body: 'While away 1' });
    await post(adv.token, `/api/conversations/${c.id}/messages`, { body: 'While away 2' });
    const again = await openStream(pub.token, { lastEventId: message.seq });
    await again.next((e) => e.event === 'ready');
    await post(adv.token, `/api/conversations/${c.id}/messages`, { body: 'Live again' });
    await again.next((e) => e.event === 'message' && e.data!.includes('Live again'));
    expect(again.messagesIn().map((m) => m.body)).toEqual(['While away 1', 'While away 2', 'Live again']);
    expect(stream.messagesIn().map((m) => m.body)).toEqual(['Live one']);
    again.close();
  });

  it('does not notify a member who has the thread open on a live stream', async () => {
    const c = await converse(pubB, advB, undefined, 'Thread to watch');
    const watching = await openStream(advB.token, { open: c.id });
    await watching.next((e) => e.event === 'ready');
    await post(pubB.token, `/api/conversations/${c.id}/messages`, { body: 'Seen live' });
    await watching.next((e) => e.event === 'message');
    watching.close();
    await new Promise((r) => setTimeout(r, 50));
    await post(pubB.token, `/api/conversations/${c.id}/messages`, { body: 'Seen later' });
    await t.app.settle();
    const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, advB.id));
    expect(told.some((n) => n.body === 'Seen live')).toBe(false);
    expect(told.some((n) => n.body === 'Seen later')).toBe(true);
  });

  it('ends open streams when the server shuts down', async () => {
    const stream = await openStream(pub.token);
    await stream.next((e) => e.event === 'ready');
    // left open on purpose: afterAll's close must still finish (the suite would time out otherwise)
    expect(stream.res.status).toBe(200);
  });
});
