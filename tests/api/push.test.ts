import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { websites } from '../../server/db/schema/marketplace';
import { pushSubscriptions } from '../../server/db/schema/notifications';
import type { ResolveHost } from '../../server/modules/push/endpoint';
import { createWebPushSender, type SendNotification } from '../../server/modules/push/sender';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

interface Sent {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  payload: Record<string, unknown>;
  options: webpush.RequestOptions;
}

/** The push service as the app sees it: records each message; answers per endpoint as told. */
const sent: Sent[] = [];
const answers = new Map<string, number | Promise<void>>();
const fakeSend: SendNotification = async (subscription, payload, options) => {
  sent.push({
    endpoint: subscription.endpoint,
    keys: subscription.keys,
    payload: JSON.parse(payload) as Record<string, unknown>,
    options,
  });
  const answer = answers.get(subscription.endpoint);
  if (answer instanceof Promise) return answer;
  if (answer !== undefined && answer >= 300) {
    throw new webpush.WebPushError(
      'Received unexpected response code',
      answer,
      {},
      '',
      subscription.endpoint,
    );
  }
  return { statusCode: 201 };
};

/** The DNS the app sees when a browser subscribes (there is no internet here): only these names exist. */
const hosts: Record<string, string[]> = {
  'push.example.test': ['8.8.8.8', '2606:4700:4700::1111'],
  'intranet.example.test': ['8.8.8.8', '10.0.0.7'],
};
const resolveHost: ResolveHost = async (hostname) => {
  const found = hosts[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { mailFrom: 'Affilio <push@affilio.example>' },
    { sendPush: fakeSend, resolveHost },
  );
});
afterAll(() => t.close());
beforeEach(() => {
  sent.length = 0;
  answers.clear();
});

async function account(role: 'advertiser' | 'publisher' = 'publisher') {
  const u = await createUser(t, { role });
  return { id: u.id, token: await login(t, u.email, u.password) };
}

/** What a browser's PushManager hands out: an endpoint, its P-256 public key and a 16-byte auth secret. */
function browserSubscription(endpoint = `https://push.example.test/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function subscribe(
  token: string,
  subscription = browserSubscription(),
  userAgent = 'Test Browser/1.0',
) {
  const res = await call(t, 'POST', '/api/my/push/subscribe', {
    token,
    payload: { ...subscription, expirationTime: null, userAgent },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { subscription, response: res.json() };
}

const rowsFor = (endpoint: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
const listed = async (token: string) =>
  (await call(t, 'GET', '/api/my/push/subscriptions', { token })).json() as {
    subscriptions: { endpoint: string }[];
    vapid_public_key: string;
  };

describe('VAPID keys', () => {
  it('are generated once and survive a restart of the app on the same database', async () => {
    const me = await account();
    const key = (await listed(me.token)).vapid_public_key;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);

    const restarted = await buildApp({
      config: testConfig(),
      database: t.database,
      sendPush: fakeSend,
    });
    try {
      const res = await restarted.inject({
        method: 'GET',
        url: '/api/my/push/subscriptions',
        headers: { authorization: `Bearer ${me.token}` },
      });
      expect(res.json().vapid_public_key).toBe(key);
    } finally {
      await restarted.close();
    }
  });
});

describe('subscriptions', () => {
  it('saves a subscription and lists it with the VAPID public key', async () => {
    const me = await account();
    const { subscription, response } = await subscribe(me.token);
    expect(response).toEqual({
      id: expect.any(String),
      endpoint: subscription.endpoint,
      user_agent: 'Test Browser/1.0',
      created_at: expect.any(String),
    });
    const body = await listed(me.token);
    expect(body.subscriptions).toEqual([response]);
    const other = await account();
    expect((await listed(other.token)).subscriptions).toEqual([]);
  });

  it('upserts by endpoint: new keys replace the old, and the endpoint moves to whoever subscribed last', async () => {
    const me = await account();
    const { subscription, response } = await subscribe(me.token);
    const renewed = browserSubscription(subscription.endpoint);
    const again = await subscribe(me.token, renewed, 'Test Browser/2.0');
    expect(again.response.id).toBe(response.id);
    const [row] = await rowsFor(subscription.endpoint);
    expect(row).toMatchObject({ userId: me.id, p256dh: renewed.keys.p256dh, userAgent: 'Test Browser/2.0' });

    const nextUser = await account();
    await subscribe(nextUser.token, renewed);
    expect((await listed(me.token)).subscriptions).toEqual([]);
    expect((await listed(nextUser.token)).subscriptions.map((s) => s.endpoint)).toEqual([
      subscription.endpoint,
    ]);
    expect(await rowsFor(subscription.endpoint)).toHaveLength(1);
  });

  it('refuses malformed subscriptions with 422 and stores nothing', async () => {
    const me = await account();
    const good = browserSubscription();
    const cases = [
      { ...good, endpoint: 'http://push.example.test/insecure' },
      { ...good, endpoint: 'not a url' },
      { endpoint: good.endpoint },
      { ...good, keys: { ...good.keys, p256dh: 'dG9vLXNob3J0' } },
      { ...good, keys: { ...good.keys, auth: 'not base64!' } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
    ];
    for (const payload of cases) {
      const res = await call(t, 'POST', '/api/my/push/subscribe', { token: me.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await listed(me.token)).subscriptions).toEqual([]);
  });

  it('refuses endpoints on local or private addresses with 422 and stores nothing (SSRF)', async () => {
    const me = await account();
    const cases: [string, RegExp][] = [
      ['https://127.0.0.1/x', /not a local or private address/],
      ['https://[::1]/x', /not a local or private address/],
      ['https://192.0.2.10/x', /not a local or private address/],
      ['https://[::ffff:127.0.0.1]/x', /not a local or private address/],
      ['https://localhost/x', /not a local or private address/],
      ['https://push.localhost/x', /not a local or private address/],
      // one private address among the answers is enough
      ['https://intranet.example.test/x', /not a local or private address/],
      ['https://nowhere.example.test/x', /^The push service address could not be found$/],
      ['http://push.example.test/x', /https/],
    ];
    for (const [endpoint, detail] of cases) {
      const res = await call(t, 'POST', '/api/my/push/subscribe', {
        token: me.token,
        payload: browserSubscription(endpoint),
      });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().detail, endpoint).toMatch(detail);
      expect(await rowsFor(endpoint), endpoint).toEqual([]);
    }
    expect((await listed(me.token)).subscriptions).toEqual([]);
  });

  it('accepts endpoints on public addresses, by name or literal', async () => {
    const me = await account();
    await subscribe(me.token, browserSubscription('https://push.example.test/send/public'));
    await subscribe(me.token, browserSubscription('https://8.8.8.8/send/literal'));
    expect((await listed(me.token)).subscriptions).toHaveLength(2);
  });

  it('accepts a private endpoint when ALLOW_PRIVATE_NETWORKS is on', async () => {
    const open = await createTestApp({ allowPrivateNetworks: true }, { sendPush: fakeSend, resolveHost });
    try {
      const u = await createUser(open);
      const token = await login(open, u.email, u.password);
      const endpoint = 'https://127.0.0.1:8443/push/local';
      const res = await call(open, 'POST', '/api/my/push/subscribe', {
        token,
        payload: browserSubscription(endpoint),
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = (await call(open, 'GET', '/api/my/push/subscriptions', { token })).json();
      expect(body.subscriptions.map((s: { endpoint: string }) => s.endpoint)).toEqual([endpoint]);
    } finally {
      await open.close();
    }
  });

  it('unsubscribes one endpoint (body or query) or all of mine, never someone else’s', async () => {
    const me = await account();
    const other = await account();
    const a = (await subscribe(me.token)).subscription;
    const b = (await subscribe(me.token)).subscription;
    const c = (await subscribe(me.token)).subscription;
    const theirs = (await subscribe(other.token)).subscription;

    const foreign = await call(t, 'DELETE', '/api/my/push/unsubscribe', {
      token: me.token,
      payload: { endpoint: theirs.endpoint },
    });
    expect(foreign.json()).toEqual({ removed: 0 });
    expect(await rowsFor(theirs.endpoint)).toHaveLength(1);

    const byBody = await call(t, 'DELETE', '/api/my/push/unsubscribe', {
      token: me.token,
      payload: { endpoint: a.endpoint },
    });
    expect(byBody.json()).toEqual({ removed: 1 });
    const byQuery = await call(
      t,
      'DELETE',
      `/api/my/push/unsubscribe?endpoint=${encodeURIComponent(b.endpoint)}`,
      { token: me.token },
    );
    expect(byQuery.json()).toEqual({ removed: 1 });
    expect((await listed(me.token)).subscriptions.map((s) => s.endpoint)).toEqual([c.endpoint]);

    await subscribe(me.token);
    const all = await call(t, 'DELETE', '/api/my/push/unsubscribe', { token: me.token });
    expect(all.json()).toEqual({ removed: 2 });
    expect((await listed(me.token)).subscriptions).toEqual([]);
    expect((await listed(other.token)).subscriptions).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/my/push/subscriptions'],
      ['POST', '/api/my/push/subscribe'],
      ['DELETE', '/api/my/push/unsubscribe'],
      ['POST', '/api/my/push/test'],
    ] as const) {
      expect((await call(t, method, url)).statusCode, url).toBe(401);
    }
  });
});

describe('POST /api/my/push/test', () => {
  it('sends a test message to each of my subscriptions, signed with the app’s VAPID keys', async () => {
    const me = await account();
    const other = await account();
    const a = (await subscribe(me.token)).subscription;
    const b = (await subscribe(me.token)).subscription;
    await subscribe(other.token);
    const res = await call(t, 'POST', '/api/my/push/test', { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Test notification sent to 2 subscriptions.' });
    expect(sent.map((s) => s.endpoint).sort()).toEqual([a.endpoint, b.endpoint].sort());
    const toA = sent.find((s) => s.endpoint === a.endpoint)!;
    expect(toA.keys).toEqual(a.keys);
    expect(toA.payload).toEqual({
      title: 'Affilio test notification',
      body: 'Push notifications are working on this device.',
      icon: '/icons/icon-192.png',
      tag: 'push-test',
      data: { url: '/dashboard', type: 'system' },
    });
    expect(toA.options.vapidDetails).toEqual({
      subject: 'mailto:push@affilio.example',
      publicKey: (await listed(me.token)).vapid_public_key,
      privateKey: expect.any(String),
    });
  });

  it('says so when there is nothing to send to', async () => {
    const me = await account();
    const res = await call(t, 'POST', '/api/my/push/test', { token: me.token });
    expect(res.json()).toEqual({ message: 'No push subscriptions yet: enable push notifications first.' });
    expect(sent).toEqual([]);
  });

  it('deletes subscriptions the push service reports gone (404/410) and keeps those that failed otherwise', async () => {
    const me = await account();
    const gone = (await subscribe(me.token)).subscription;
    const unknown = (await subscribe(me.token)).subscription;
    const flaky = (await subscribe(me.token)).subscription;
    const fine = (await subscribe(me.token)).subscription;
    answers.set(gone.endpoint, 410);
    answers.set(unknown.endpoint, 404);
    answers.set(flaky.endpoint, 503);
    const res = await call(t, 'POST', '/api/my/push/test', { token: me.token });
    expect(res.json()).toEqual({
      message:
        'Test notification sent to 1 of 4 subscriptions. 2 subscriptions had expired and were removed.',
    });
    expect((await listed(me.token)).subscriptions.map((s) => s.endpoint).sort()).toEqual(
      [flaky.endpoint, fine.endpoint].sort(),
    );
  });
});

describe('push for notifications', () => {
  async function pendingApplication(adv: { token: string }, pub: { token: string }) {
    const campaign = (
      await call(t, 'POST', '/api/campaigns', {
        token: adv.token,
        payload: {
          name: 'Winter Deals',
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
        payload: {
          url: `https://${randomBytes(4).toString('hex')}.example`,
          name: 'Site',
          category: 'travel',
        },
      })
    ).json();
    await t.database.db
      .update(websites)
      .set({ verificationStatus: 'verified' })
      .where(eq(websites.id, site.id));
    const res = await call(t, 'POST', '/api/applications', {
      token: pub.token,
      payload: { campaign_id: campaign.id, website_id: site.id },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  }

  it('pushes a domain event’s notification to the user’s subscriptions in the payload the worker reads', async () => {
    const adv = await account('advertiser');
    const pub = await account('publisher');
    const { subscription } = await subscribe(pub.token);
    const application = await pendingApplication(adv, pub);
    await call(t, 'POST', `/api/applications/${application.id}/approve`, { token: adv.token });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const [notification] = (await call(t, 'GET', '/api/notifications/', { token: pub.token })).json();
    expect(sent[0]!.endpoint).toBe(subscription.endpoint);
    expect(sent[0]!.payload).toEqual({
      title: 'Application approved: Winter Deals',
      body: notification.body,
      icon: '/icons/icon-192.png',
      tag: `notification-${notification.id}`,
      data: {
        url: '/applications',
        type: 'application',
        id: application.id,
        notification_id: notification.id,
      },
    });
    expect(sent[0]!.options).toMatchObject({ urgency: 'high', TTL: 86400 });
  });

  it('never holds up the request that caused it, and removes a gone subscription afterwards', async () => {
    const adv = await account('advertiser');
    const pub = await account('publisher');
    const slow = (await subscribe(adv.token)).subscription;
    const gone = (await subscribe(adv.token)).subscription;
    let release = () => {};
    answers.set(
      slow.endpoint,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    answers.set(gone.endpoint, 410);
    // the application notifies the advertiser while the push service for `slow` has not answered
    await pendingApplication(adv, pub);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await vi.waitFor(async () => expect(await rowsFor(gone.endpoint)).toEqual([]));
    expect(await rowsFor(slow.endpoint)).toHaveLength(1);
    release();
  });
});

describe('the production sender', () => {
  const keys = webpush.generateVAPIDKeys();
  const options = { vapidDetails: { subject: 'mailto:a@b.example', ...keys }, timeout: 2000 };

  it('refuses to send to loopback or private addresses (SSRF)', async () => {
    const send = createWebPushSender({ allowPrivate: false });
    for (const endpoint of [
      'https://127.0.0.1:9/push',
      'https://[::1]:9/push',
      'https://[::ffff:127.0.0.1]:9/push',
      'https://[::7f00:1]:9/push',
      'https://192.0.2.10:9/push',
      'https://localhost:9/push',
    ]) {
      const { keys: browserKeys } = browserSubscription();
      await expect(send({ endpoint, keys: browserKeys }, '{}', options), endpoint).rejects.toThrow(
        /not a public address|non-public address/,
      );
    }
  });

  it('with private networks allowed, connects to them (here: nothing listens)', async () => {
    const send = createWebPushSender({ allowPrivate: true });
    const { keys: browserKeys } = browserSubscription();
    const sending = send({ endpoint: 'https://127.0.0.1:9/push', keys: browserKeys }, '{}', options);
    await expect(sending).rejects.toThrow(/ECONNREFUSED/);
  });
});
