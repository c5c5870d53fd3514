import { afterAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { openInspector } from '../bench/support/database';
import { api, click, createTrackedLinks, pool, visitorIp } from '../bench/support/fixtures';
import { startAppServer, type AppServer } from '../bench/support/server';
import { crashBackend } from './support/crash-backend';
import { startReceiver } from './support/receiver';

const ORDERS = 200;
const CONCURRENCY = 16;
const KILL_AFTER = 60;

// fast worker, short lease: a delivery claimed by the killed process is sent again 2 s after its claim
const DELIVERY_ENV = {
  DELIVERY_POLL_MS: '100',
  DELIVERY_LEASE_MS: '2000',
  DELIVERY_RETRY_DELAYS_MS: '300,300,300,300,300,300,300',
  // the receiver is on 127.0.0.1 (the bench server allows private networks for its verification site too)
  ALLOW_PRIVATE_NETWORKS: 'true',
};

// The real process, killed with SIGKILL during a burst of conversions while a webhook and a publisher
// postback are set: after the restart every conversion reaches both at least once, and nothing else does.
describe('webhook and postback deliveries survive a SIGKILL of the server', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('every conversion is delivered at least once after the restart, none invented', async () => {
    const { backend, serverTarget } = await crashBackend('affilio-hooks-crash-', cleanups);
    const receiver = await startReceiver();
    cleanups.push(() => receiver.stop());

    let server: AppServer = await startAppServer({ ...serverTarget, env: DELIVERY_ENV });
    cleanups.push(() => server.kill());
    const fixture = await createTrackedLinks(server.baseUrl, 1);
    const link = fixture.links[0]!;
    const hook = await api<{ secret: string }>(server.baseUrl, 'POST', '/api/webhooks', {
      token: fixture.advertiserToken,
      body: { url: `${receiver.url}/wh`, events: ['conversion.created'] },
    });
    await api(server.baseUrl, 'POST', '/api/publisher-postbacks', {
      token: fixture.publisherToken,
      body: { url: `${receiver.url}/pb?conv={conversion_id}&order={order_id}`, on: ['conversion'] },
    });
    const clickIds = await pool(
      Array.from({ length: ORDERS }, (_, i) => i),
      10,
      (i) => click(server.baseUrl, link.code, visitorIp(i)),
    );
    const postbacks = clickIds.map((clickId, i) => ({
      click_id: clickId,
      order_id: `hook-crash-${i + 1}`,
      amount: '25.00',
      event: 'sale',
      secret: link.trackingSecret,
    }));
    const send = (baseUrl: string, body: unknown) =>
      fetch(`${baseUrl}/api/postback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // the newest click's postback first, alone: every click is stored once it is answered
    expect((await send(server.baseUrl, postbacks.at(-1))).status).toBe(201);
    let acknowledged = 1;
    let killing: Promise<void> | null = null;
    const running = server;
    await pool(postbacks.slice(0, -1), CONCURRENCY, async (body) => {
      if (killing) return;
      try {
        const res = await send(running.baseUrl, body);
        if (res.ok) acknowledged++;
      } catch {
        // the connection died with the server
      }
      if (acknowledged >= KILL_AFTER) killing ??= running.kill();
    });
    await killing;

    // restarted on the same data; the advertiser sends everything again (the stored ones are duplicates)
    server = await startAppServer({ ...serverTarget, env: DELIVERY_ENV });
    await pool(postbacks, CONCURRENCY, async (body) => {
      const res = await send(server.baseUrl, body);
      expect([200, 201]).toContain(res.status);
    });

    const db = await openInspector(backend);
    const conversions = await db.rows<{ id: string; order_id: string }>(
      `SELECT id, order_id FROM conversions WHERE campaign_id = $1`,
      [link.campaignId],
    );
    expect(conversions).toHaveLength(ORDERS);
    const ids = new Set(conversions.map((c) => c.id));

    const webhookConversions = () =>
      new Set(
        receiver.received
          .filter((r) => r.url === '/wh')
          .map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id),
      );
    const postbackConversions = () =>
      new Set(
        receiver.received
          .filter((r) => r.url.startsWith('/pb?'))
          .map((r) => new URL(r.url, 'http://x').searchParams.get('conv')!),
      );
    const deadline = Date.now() + 60_000;
    while (
      Date.now() < deadline &&
      (webhookConversions().size < ORDERS || postbackConversions().size < ORDERS)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(webhookConversions().size).toBe(ORDERS);
    expect(postbackConversions().size).toBe(ORDERS);
    for (const id of [...webhookConversions(), ...postbackConversions()]) expect(ids.has(id)).toBe(true);

    // by webhook-id: one event per conversion, each signed, none that the outbox does not hold
    const webhooks = receiver.received.filter((r) => r.url === '/wh');
    const verifier = new Webhook(hook.secret);
    for (const r of webhooks) verifier.verify(r.body, r.headers as Record<string, string>);
    const webhookIds = new Set(webhooks.map((r) => r.headers['webhook-id'] as string));
    expect(webhookIds.size).toBe(ORDERS);
    const events = await db.rows<{ id: string }>(
      `SELECT id FROM integration_events WHERE type = 'conversion.created'`,
    );
    await db.close();
    const known = new Set(events.map((e) => e.id));
    for (const id of webhookIds) expect(known.has(id)).toBe(true);
    await server.stop();
  }, 240_000);
});
