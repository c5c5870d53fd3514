import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookEndpoints } from '../../server/db/schema/integrations';
import { party, type Party } from './support/tracking-fixtures';
import { call, createTestApp, type TestApp } from './support/test-app';
import { startReceiver, type Receiver } from './support/receiver';

let t: TestApp;
let strict: TestApp;
let adv: Party;
let other: Party;
let pub: Party;
let admin: Party;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  // the local receiver is on 127.0.0.1: this app may call private addresses (ALLOW_PRIVATE_NETWORKS)
  t = await createTestApp({ allowPrivateNetworks: true });
  adv = await party(t, 'advertiser');
  other = await party(t, 'advertiser');
  pub = await party(t, 'publisher');
  admin = await party(t, 'admin');
  strict = await createTestApp({ allowPrivateNetworks: false });
});

afterAll(async () => {
  await t?.close();
  await strict?.close();
  await receiver?.stop();
});

const storedCount = async (app: TestApp) =>
  (await app.database.db.select({ n: count() }).from(webhookEndpoints))[0]!.n;

async function createHook(who: Party, body: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/webhooks', {
    token: who.token,
    payload: { url: `${receiver.url}/hooks`, events: ['conversion.created'], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('webhook endpoints', () => {
  it('creates an endpoint with a whsec_ secret and lists, reads, updates and deletes it', async () => {
    const hook = await createHook(adv, {
      description: 'Orders',
      events: ['conversion.created', 'payout.paid'],
    });
    expect(hook).toMatchObject({
      url: `${receiver.url}/hooks`,
      events: ['conversion.created', 'payout.paid'],
      description: 'Orders',
      enabled: true,
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Date.parse(hook.created_at)).not.toBeNaN();

    const list = await call(t, 'GET', '/api/webhooks', { token: adv.token });
    expect(list.json().map((h: { id: string }) => h.id)).toContain(hook.id);
    const got = await call(t, 'GET', `/api/webhooks/${hook.id}`, { token: adv.token });
    expect(got.json()).toEqual(hook);

    const put = await call(t, 'PUT', `/api/webhooks/${hook.id}`, {
      token: adv.token,
      payload: { enabled: false, events: ['invoice.issued'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ enabled: false, events: ['invoice.issued'], secret: hook.secret });

    expect((await call(t, 'DELETE', `/api/webhooks/${hook.id}`, { token: adv.token })).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/webhooks/${hook.id}`, { token: adv.token })).statusCode).toBe(404);
  });

  it("answers 404 for another user's endpoint and its log, and 403 to publishers", async () => {
    const hook = await createHook(adv);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${hook.id}`],
      ['PUT', `/api/webhooks/${hook.id}`],
      ['DELETE', `/api/webhooks/${hook.id}`],
      ['POST', `/api/webhooks/${hook.id}/test`],
      ['GET', `/api/webhooks/${hook.id}/deliveries`],
    ] as const) {
      const res = await call(t, method, url, {
        token: other.token,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // an admin manages their own endpoints, not an advertiser's
    expect((await call(t, 'GET', `/api/webhooks/${hook.id}`, { token: admin.token })).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/webhooks', { token: pub.token })).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/webhooks/${hook.id}`, { token: adv.token })).statusCode).toBe(200);
  });

  it.each([
    [{ events: ['conversion.created'] }, /url/],
    [{ url: 'ftp://example.com/x', events: ['conversion.created'] }, /scheme ftp/],
    [{ url: 'not a url', events: ['conversion.created'] }, /url/],
    [{ url: 'https://hooks.example.com', events: [] }, /at least one/],
    [
      { url: 'https://hooks.example.com', events: ['conversion.deleted'] },
      /unknown event type "conversion.deleted"/,
    ],
    [
      { url: 'https://hooks.example.com', events: ['conversion.created'], description: 'x'.repeat(501) },
      /description/,
    ],
  ])('refuses %j with 422 naming the problem, storing nothing', async (payload, message) => {
    const before = await storedCount(t);
    const res = await call(t, 'POST', '/api/webhooks', { token: adv.token, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(message);
    expect(await storedCount(t)).toBe(before);
  });

  it('refuses private and loopback hosts unless ALLOW_PRIVATE_NETWORKS (SSRF)', async () => {
    const user = await party(strict, 'advertiser');
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.0.0.5/hook',
      'http://[::1]/hook',
      'http://localhost:8080/hook',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const res = await call(strict, 'POST', '/api/webhooks', {
        token: user.token,
        payload: { url, events: ['conversion.created'] },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail).toMatch(/url: host .* local or private address/);
    }
    expect(await storedCount(strict)).toBe(0);
    // an update to a private address is refused too
    const ok = await call(strict, 'POST', '/api/webhooks', {
      token: user.token,
      payload: { url: 'https://93.184.215.14/hook', events: ['conversion.created'] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const moved = await call(strict, 'PUT', `/api/webhooks/${ok.json().id}`, {
      token: user.token,
      payload: { url: 'http://192.168.1.1/' },
    });
    expect(moved.statusCode).toBe(422);
    const [row] = await strict.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, ok.json().id));
    expect(row!.url).toBe('https://93.184.215.14/hook');
  });

  it('sends a signed test event that standardwebhooks verifies, and logs it', async () => {
    const hook = await createHook(adv);
    const queued = await call(t, 'POST', `/api/webhooks/${hook.id}/test`, { token: adv.token });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ type: 'webhook.test', attempt: 1, status_code: null });
    await t.app.deliveries.settle();
    const [got] = await receiver.waitFor(1, (r) => r.headers['webhook-id'] === queued.json().event_id);
    const payload = new Webhook(hook.secret).verify(got!.body, got!.headers as Record<string, string>);
    expect(payload).toMatchObject({ id: queued.json().event_id, type: 'webhook.test' });
    expect(got!.headers['content-type']).toBe('application/json');

    const log = await call(t, 'GET', `/api/webhooks/${hook.id}/deliveries`, { token: adv.token });
    expect(log.headers['x-total-count']).toBe('1');
    expect(log.json()[0]).toMatchObject({
      id: queued.json().id,
      event_id: queued.json().event_id,
      type: 'webhook.test',
      attempt: 1,
      status_code: 200,
      response_excerpt: 'ok',
      error: null,
      next_attempt_at: null,
    });
    expect(log.json()[0].duration_ms).toBeGreaterThanOrEqual(0);

    // resend: a new attempt with the same webhook-id
    const resent = await call(t, 'POST', `/api/webhooks/${hook.id}/deliveries/${queued.json().id}/resend`, {
      token: adv.token,
    });
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toMatchObject({ event_id: queued.json().event_id, attempt: 2 });
    await t.app.deliveries.settle();
    await receiver.waitFor(2, (r) => r.headers['webhook-id'] === queued.json().event_id);
    const foreign = await call(t, 'POST', `/api/webhooks/${hook.id}/deliveries/${queued.json().id}/resend`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the first 1 KB of an answer and reads no more than 64 KB', async () => {
    const hook = await createHook(adv);
    receiver.reply = 'x'.repeat(200_000);
    try {
      const queued = await call(t, 'POST', `/api/webhooks/${hook.id}/test`, { token: adv.token });
      await t.app.deliveries.settle();
      const log = await call(t, 'GET', `/api/webhooks/${hook.id}/deliveries`, { token: adv.token });
      const row = log.json().find((d: { id: string }) => d.id === queued.json().id);
      expect(row.status_code).toBe(200);
      expect(row.response_excerpt).toHaveLength(1024);
    } finally {
      receiver.reply = 'ok';
    }
  });
});
