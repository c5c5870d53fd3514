import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicks, conversions } from '../../server/db/schema/tracking';
import { createTestApp, type TestApp } from './support/test-app';
import { approvedLink, BROWSER_UA, party, type LinkFixture } from './support/tracking-fixtures';

// What SIGTERM does (server/main.ts calls app.close, then closes the database): the listener stops taking
// connections, a request already under way is answered, and the clicks still in the buffer are written.
let t: TestApp;
let link: LinkFixture;
let base: string;
let closed = false;

beforeAll(async () => {
  // clicks stay in the buffer until the shutdown writes them
  t = await createTestApp({ clickFlushMs: 60_000 });
  const [adv, pub] = await Promise.all([party(t, 'advertiser'), party(t, 'publisher')]);
  link = await approvedLink(t, adv, pub);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  if (!closed) await t.app.close();
  // the app is closed: what is left is the database (and, on PostgreSQL, dropping it)
  await t.close();
});

/** A postback whose body arrives in two halves: `sendRest` sends the second; `answer` is its response. */
function slowPostback(payload: Record<string, unknown>) {
  const body = Buffer.from(JSON.stringify(payload));
  const req = http.request(new URL('/api/postback', base), {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  return { answer, sendRest: () => req.end(body.subarray(half)) };
}

describe('graceful shutdown', () => {
  it('refuses new connections, answers the request in flight and writes the buffered clicks', async () => {
    const clickIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(new URL(`/t/${link.code}`, base), {
        redirect: 'manual',
        headers: { 'user-agent': BROWSER_UA },
      });
      expect(res.status).toBe(302);
      clickIds.push(new URL(res.headers.get('location')!).searchParams.get('click_id')!);
    }
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(clicks);
    expect(row?.n).toBe(0);

    const inFlight = slowPostback({
      click_id: clickIds[0],
      order_id: 'in-flight-at-shutdown',
      amount: '25.00',
      secret: link.campaign.tracking_secret,
    });
    // the request has reached the server (its headers are read) before the shutdown starts
    await new Promise((resolve) => setTimeout(resolve, 200));
    const closing = t.app.close();
    closed = true;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await fetch(new URL('/api/health', base)).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');

    inFlight.sendRest();
    const answer = await inFlight.answer;
    expect(answer.status, answer.body).toBe(201);
    await closing;

    const stored = await t.database.db.select({ id: clicks.id }).from(clicks);
    expect(stored.map((c) => c.id).sort()).toEqual([...clickIds].sort());
    const converted = await t.database.db
      .select()
      .from(conversions)
      .where(eq(conversions.orderId, 'in-flight-at-shutdown'));
    expect(converted).toHaveLength(1);
  });
});
