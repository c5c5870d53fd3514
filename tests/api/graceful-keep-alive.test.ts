import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions } from '../../server/db/schema/tracking';
import { createTestApp, type TestApp } from './support/test-app';
import { approvedLink, BROWSER_UA, party, type LinkFixture } from './support/tracking-fixtures';

// Shutdown with keep-alive clients, as nginx's upstream keepalive holds them: a connection carrying a request
// when the close starts gets its full answer, told to close (not reset, not left open for the 72 s keep-alive
// timeout, which held the shutdown up); an idle one is closed; a request still arriving on an open connection
// answers 503 (the proxy retries it elsewhere); a new connection is refused.
let t: TestApp;
let link: LinkFixture;
let base: string;
let closed = false;

beforeAll(async () => {
  t = await createTestApp({ clickFlushMs: 60_000 });
  const [adv, pub] = await Promise.all([party(t, 'advertiser'), party(t, 'publisher')]);
  link = await approvedLink(t, adv, pub);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  if (!closed) await t.app.close();
  await t.close();
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function send(agent: http.Agent, method: string, path: string, body?: Buffer) {
  const req = http.request(new URL(path, base), {
    method,
    agent,
    headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {},
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

/** A raw keep-alive connection: what arrived on it, and how it ended ('close' or 'error CODE'). */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const seen = { data: '', end: null as string | null };
  socket.on('data', (chunk: Buffer) => (seen.data += chunk.toString()));
  socket.on('error', (err: NodeJS.ErrnoException) => (seen.end ??= `error ${err.code}`));
  socket.on('close', () => (seen.end ??= 'close'));
  return { socket, seen };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(20);
  return check();
}

describe('graceful shutdown with keep-alive connections', () => {
  it('finishes the request in flight and closes its connection, closes idle ones, 503s late requests', async () => {
    const click = await fetch(new URL(`/t/${link.code}`, base), {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER_UA },
    });
    const clickId = new URL(click.headers.get('location')!).searchParams.get('click_id')!;
    const port = Number(new URL(base).port);

    // a keep-alive connection that served one request and then carries a slow postback (half its body sent)
    const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const warm = send(busy, 'GET', '/api/health');
    warm.req.end();
    expect((await warm.answer).connection).toBe('keep-alive');
    const body = Buffer.from(
      JSON.stringify({
        click_id: clickId,
        order_id: 'keep-alive-in-flight',
        amount: '25.00',
        secret: link.campaign.tracking_secret,
      }),
    );
    const slow = send(busy, 'POST', '/api/postback', body);
    const half = Math.floor(body.length / 2);
    slow.req.write(body.subarray(0, half));

    // an idle keep-alive connection, and one whose next request has begun (headers half sent)
    const idle = rawConnection(port);
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const late = rawConnection(port);
    late.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/health HTTP/1.1\r\n');
    expect(await until(() => idle.seen.data.includes('"ok"') && late.seen.data.includes('"ok"'), 5_000)).toBe(
      true,
    );
    await sleep(200); // the postback's head has reached the server

    const started = Date.now();
    const closing = t.app.close().then(() => Date.now() - started);
    closed = true;
    await sleep(100);

    // the idle connection is closed cleanly (a FIN, no reset); a new connection is refused
    expect(await until(() => idle.seen.end !== null, 2_000)).toBe(true);
    expect(idle.seen.end).toBe('close');
    const refused = await fetch(new URL('/api/health', base)).then(
      () => 'answered',
      (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
    );
    expect(refused).toBe('ECONNREFUSED');

    // the request that arrives on an open connection after the close began: a clean 503 that closes it
    late.socket.write('Host: x\r\n\r\n');
    expect(await until(() => late.seen.end !== null, 2_000)).toBe(true);
    expect(late.seen.end).toBe('close');
    expect(late.seen.data).toContain('HTTP/1.1 503');
    expect(late.seen.data.split('HTTP/1.1 503')[1]).toMatch(/connection: close/i);

    // the request in flight gets its whole answer, told to close the connection
    slow.req.end(body.subarray(half));
    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ duplicate: false, status: 'pending' });
    expect(answer.connection).toBe('close');

    // nothing holds the shutdown: it ends once the answer is out, not after the 72 s keep-alive timeout
    const tookMs = await Promise.race([closing, sleep(10_000).then(() => Infinity)]);
    expect(tookMs).toBeLessThan(10_000);
    busy.destroy();

    const stored = await t.database.db
      .select({ id: conversions.id })
      .from(conversions)
      .where(eq(conversions.orderId, 'keep-alive-in-flight'));
    expect(stored).toHaveLength(1);
  });
});
