import { afterAll, describe, expect, it } from 'vitest';
import { openInspector } from '../bench/support/database';
import { click, createTrackedLinks, pool, visitorIp } from '../bench/support/fixtures';
import { startAppServer, type AppServer } from '../bench/support/server';
import { crashBackend } from './support/crash-backend';

const ORDERS = 300;
const CONCURRENCY = 16;
/** the server is killed once this many postbacks were answered 2xx */
const KILL_AFTER = 60;

interface Postback {
  click_id: string;
  order_id: string;
  amount: string;
  event: 'sale';
  secret: string;
}

async function send(baseUrl: string, postback: Postback) {
  const res = await fetch(`${baseUrl}/api/postback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(postback),
  });
  return { status: res.status, body: (await res.json()) as { conversion_id: string; duplicate: boolean } };
}

// The real process, killed with SIGKILL in the middle of a run of postbacks: a 2xx is only sent after
// the conversion and its commission committed, so every one of them must be there after the crash
// (PGlite's data directory recovers from its WAL when it is opened again).
describe('conversions survive a SIGKILL of the server', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('every postback answered 2xx is stored with its commission, and retries after the restart do not double it', async () => {
    const { backend, serverTarget } = await crashBackend('affilio-crash-', cleanups);

    let server: AppServer = await startAppServer(serverTarget);
    cleanups.push(() => server.kill());
    const { links } = await createTrackedLinks(server.baseUrl, 1);
    const link = links[0]!;
    const clickIds = await pool(
      Array.from({ length: ORDERS }, (_, i) => i),
      10,
      (i) => click(server.baseUrl, link.code, visitorIp(i)),
    );
    const postbacks: Postback[] = clickIds.map((clickId, i) => ({
      click_id: clickId,
      order_id: `crash-order-${i + 1}`,
      amount: '25.00',
      event: 'sale',
      secret: link.trackingSecret,
    }));

    // Clicks are written in batches at most 250 ms apart (server/modules/tracking/click-buffer.ts), and one
    // redirected just before a SIGKILL is lost by design: then its postback, retried, finds no click. This
    // run is about conversions, so the newest click's postback goes first, alone: it is answered only once
    // every click is stored (a postback for a click still waiting to be written flushes them all first,
    // and they are written oldest first).
    const acknowledged = new Map<string, string>();
    const refused: number[] = [];
    const running = server;
    const newest = postbacks.at(-1)!;
    const first = await send(running.baseUrl, newest);
    expect(first.status).toBe(201);
    acknowledged.set(newest.order_id, first.body.conversion_id);

    // concurrent postbacks; SIGKILL once enough were acknowledged, with others still in flight
    let killing: Promise<void> | null = null;
    await pool(postbacks.slice(0, -1), CONCURRENCY, async (postback) => {
      if (killing) return;
      try {
        const { status, body } = await send(running.baseUrl, postback);
        if (status >= 200 && status < 300) acknowledged.set(postback.order_id, body.conversion_id);
        else refused.push(status);
      } catch {
        // the connection died with the server
      }
      if (acknowledged.size >= KILL_AFTER) killing ??= running.kill();
    });
    await killing;
    expect(refused).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.size).toBeLessThan(ORDERS);

    // straight from the database (for PGlite: crash recovery of the data directory)
    const ids = [...acknowledged.values()];
    let db = await openInspector(backend);
    const stored = await db.rows<{ id: string; order_id: string; commission_minor: number; status: string }>(
      `SELECT v.id, v.order_id, c.amount_minor::int AS commission_minor, c.status
       FROM conversions v JOIN commissions c ON c.conversion_id = v.id
       WHERE v.id = ANY($1::uuid[])`,
      [ids],
    );
    await db.close();
    expect(stored.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const row of stored) {
      expect(acknowledged.get(row.order_id)).toBe(row.id);
      expect(row).toMatchObject({ commission_minor: 1500, status: 'pending' });
    }

    // restarted on the same data: the advertiser's retries of everything converge on one conversion per order
    server = await startAppServer(serverTarget);
    const retried = await pool(postbacks, CONCURRENCY, (postback) => send(server.baseUrl, postback));
    retried.forEach(({ status, body }, i) => {
      const before = acknowledged.get(postbacks[i]!.order_id);
      if (before) {
        expect(status).toBe(200);
        expect(body).toMatchObject({ conversion_id: before, duplicate: true });
      } else {
        expect([200, 201]).toContain(status);
      }
    });
    if (backend.kind === 'pglite') expect(await server.stop()).toBe(0);
    db = await openInspector(backend);
    const totals = await db.rows<{ conversions: number; commissions: number }>(
      `SELECT (SELECT count(*)::int FROM conversions WHERE campaign_id = $1) AS conversions,
              (SELECT count(*)::int FROM commissions WHERE campaign_id = $1) AS commissions`,
      [link.campaignId],
    );
    await db.close();
    expect(totals[0]).toEqual({ conversions: ORDERS, commissions: ORDERS });
    await server.stop();
  }, 60_000);
});
