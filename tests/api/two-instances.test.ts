import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSecondInstance, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, clickOn, party, type Party } from './support/tracking-fixtures';

// Two instances of the app on one PostgreSQL, as behind a reverse proxy: what one instance changes reaches
// the other's caches and live streams through LISTEN/NOTIFY. PGlite is one process: nothing to share.
const onPostgres = Boolean(process.env.DATABASE_URL);

let a: TestApp;
let b: TestApp;
let baseB: string;
let adv: Party;
let pub: Party;

beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestApp();
  b = await createSecondInstance(a);
  baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  [adv, pub] = await Promise.all([party(a, 'advertiser'), party(a, 'publisher')]);
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Polls `check` every 25 ms until it holds; answers how long that took, or throws after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  it('a campaign paused on one instance stops redirecting on the other within 1 s, and resumes', async () => {
    const { code, campaign } = await approvedLink(a, adv, pub);
    // the link is now in instance B's cache
    expect((await clickOn(b, code)).res.statusCode).toBe(302);
    expect((await clickOn(b, code)).res.statusCode).toBe(302);
    const paused = await call(a, 'PUT', `/api/campaigns/${campaign.id}`, {
      token: adv.token,
      payload: { status: 'paused' },
    });
    expect(paused.statusCode).toBe(200);
    const took = await within(1000, async () => (await clickOn(b, code)).res.statusCode === 410);
    expect(took).toBeLessThanOrEqual(1000);
    await call(a, 'PUT', `/api/campaigns/${campaign.id}`, {
      token: adv.token,
      payload: { status: 'active' },
    });
    await within(1000, async () => (await clickOn(b, code)).res.statusCode === 302);
  });

  it('a message sent through one instance arrives live on a stream held by the other', async () => {
    const controller = new AbortController();
    const res = await fetch(new URL('/api/messaging/stream', baseB), {
      headers: { authorization: `Bearer ${pub.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5000;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`stream never said ${needle}: ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil('event: ready');
    const sent = await call(a, 'POST', '/api/conversations', {
      token: adv.token,
      payload: { participant_ids: [pub.id], body: 'Sent on instance A, read on B' },
    });
    expect(sent.statusCode).toBe(201);
    await readUntil('Sent on instance A, read on B');
    expect(text).toMatch(/event: message\n/);
    controller.abort();
  });

  it('a dashboard cached on one instance shows a conversion recorded through the other', async () => {
    const { code, campaign } = await approvedLink(a, adv, pub);
    const summary = async () =>
      (await call(b, 'GET', '/api/analytics/dashboard', { token: pub.token })).json<
        Record<string, unknown>
      >();
    const before = JSON.stringify(await summary());
    const { clickId } = await clickOn(a, code);
    const conversion = await a.app.inject({
      method: 'POST',
      url: '/api/postback',
      payload: {
        click_id: clickId,
        secret: campaign.tracking_secret,
        order_id: 'two-instances-1',
        amount: 10_000,
      },
    });
    expect(conversion.statusCode).toBeLessThan(300);
    await within(1000, async () => JSON.stringify(await summary()) !== before);
  });
});
