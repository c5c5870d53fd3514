// GET /t/{code} over real HTTP: the server's request listener answers tracking links itself, ahead of
// Fastify's router (app.inject, which the other tracking tests use, goes through the Fastify route).
// Both must answer alike, and everything that is not a well-formed tracking link must reach Fastify.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clicks } from '../../server/db/schema/tracking';
import { createClickFastPath } from '../../server/modules/tracking/click-routes';
import { call, createTestApp, type TestApp } from './support/test-app';
import { approvedLink, party, type LinkFixture, type Party } from './support/tracking-fixtures';

const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function httpGet(
  t: TestApp,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { 'user-agent': BROWSER_UA, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The landing URL without its click id, which differs on every click. */
const withoutClickId = (location: string | string[] | undefined) => {
  const url = new URL(String(location));
  url.searchParams.delete('click_id');
  return url.toString();
};

async function storedClicks(t: TestApp, campaignId: string, count: number) {
  return vi.waitFor(
    async () => {
      const rows = await t.database.db.select().from(clicks).where(eq(clicks.campaignId, campaignId));
      expect(rows).toHaveLength(count);
      return rows;
    },
    { timeout: 5_000 },
  );
}

describe('tracking links over HTTP (the fast path ahead of Fastify)', () => {
  let t: TestApp;
  let adv: Party;
  let pub: Party;
  let link: LinkFixture;

  beforeAll(async () => {
    t = await createTestApp();
    adv = await party(t, 'advertiser');
    pub = await party(t, 'publisher');
    link = await approvedLink(t, adv, pub);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('redirects with the same headers and landing URL as the route, and stores the click', async () => {
    const query = '?sub1=a&sub1=b&sub2=x%20y+z&sub3=%E0%A4%A&sub4=&utm_evil=x';
    const fast = await httpGet(t, `/t/${link.code}${query}`, {
      headers: { referer: 'https://blog.example/post', 'x-forwarded-for': '198.51.100.77' },
    });
    const routed = await t.app.inject({
      method: 'GET',
      url: `/t/${link.code}${query}`,
      headers: { 'user-agent': BROWSER_UA },
    });
    expect(fast.status).toBe(302);
    expect(fast.body).toBe('');
    expect(fast.headers['cache-control']).toBe('no-store');
    expect(fast.headers['referrer-policy']).toBe('no-referrer-when-downgrade');
    expect(fast.headers['content-length']).toBe('0');
    // no helmet headers on a redirect (as before: the route opts out of them)
    expect(fast.headers['content-security-policy']).toBeUndefined();
    expect(withoutClickId(fast.headers.location)).toBe(withoutClickId(routed.headers.location));
    expect(withoutClickId(fast.headers.location)).toBe(
      'https://shop.example/landing?ref=affilio&sub1=a&sub2=x+y+z&sub3=%25E0%25A4%25A',
    );

    const rows = await storedClicks(t, link.campaign.id, 2);
    const clickId = new URL(String(fast.headers.location)).searchParams.get('click_id');
    const row = rows.find((r) => r.id === clickId)!;
    expect(row).toMatchObject({
      sub1: 'a',
      sub2: 'x y z',
      sub3: '%E0%A4%A',
      sub4: '',
      referrer: 'https://blog.example/post',
      userAgent: BROWSER_UA,
      isBot: false,
    });
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a second click from this machine is not unique', async () => {
    const own = await approvedLink(t, adv, pub);
    await httpGet(t, `/t/${own.code}`, { headers: { 'x-forwarded-for': '198.51.100.1' } });
    await httpGet(t, `/t/${own.code}`, { headers: { 'x-forwarded-for': '198.51.100.2' } });
    const rows = await storedClicks(t, own.campaign.id, 2);
    expect(rows.filter((r) => r.isUnique)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.ipHash)).size).toBe(1);
  });

  it('flags HEAD requests and bot user agents as bots, and still redirects them', async () => {
    const own = await approvedLink(t, adv, pub);
    const head = await httpGet(t, `/t/${own.code}`, { method: 'HEAD' });
    const bot = await httpGet(t, `/t/${own.code}`, { headers: { 'user-agent': 'curl/8.5.0' } });
    expect([head.status, bot.status]).toEqual([302, 302]);
    const rows = await storedClicks(t, own.campaign.id, 2);
    expect(rows.every((r) => r.isBot && !r.isUnique)).toBe(true);
  });

  it('answers unknown codes with the 404 page and paused campaigns with the 410 page, with their strict headers', async () => {
    const unknown = await httpGet(t, '/t/no-such-code');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(unknown.headers['x-content-type-options']).toBe('nosniff');
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.body).toContain('Link not found');
    const head = await httpGet(t, '/t/no-such-code', { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(unknown.headers['content-length']);

    const own = await approvedLink(t, adv, pub);
    await call(t, 'PUT', `/api/campaigns/${own.campaign.id}`, {
      token: adv.token,
      payload: { status: 'paused' },
    });
    const paused = await httpGet(t, `/t/${own.code}`);
    expect(paused.status).toBe(410);
    expect(paused.body).toContain('not running');
    expect(paused.headers.location).toBeUndefined();
  });

  it('leaves everything else to Fastify as before', async () => {
    // a trailing slash, another method: Fastify's JSON 404 with helmet's headers
    for (const [path, method] of [
      [`/t/${link.code}/`, 'GET'],
      [`/t/${link.code}`, 'POST'],
    ] as const) {
      const res = await httpGet(t, path, { method });
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body)).toEqual({ detail: 'Not found' });
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // a code the fast path does not take (too long, a character no code has): the route's 404 page
    for (const path of [`/t/${'x'.repeat(80)}`, '/t/bad!code', '/t/a%2Fb']) {
      const res = await httpGet(t, path);
      expect(res.status).toBe(404);
      expect(res.body).toContain('Link not found');
    }
    // an overlong path parameter: Fastify's own answer
    const long = await httpGet(t, `/t/${'x'.repeat(120)}`);
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body)).toEqual({ detail: 'A path parameter is too long' });
    const health = await httpGet(t, '/api/health');
    expect(health.status).toBe(200);
    // /tracking is the app's page, not a tracking link
    expect((await httpGet(t, '/tracking')).status).toBe(404);
  });
});

describe('tracking links over HTTP behind a trusted proxy', () => {
  it('takes the visitor address from X-Forwarded-For when the proxy is trusted', async () => {
    const t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const adv = await party(t, 'advertiser');
      const pub = await party(t, 'publisher');
      const link = await approvedLink(t, adv, pub);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      for (const visitor of ['198.51.100.1', '198.51.100.2', '198.51.100.1'])
        expect(
          (await httpGet(t, `/t/${link.code}`, { headers: { 'x-forwarded-for': visitor } })).status,
        ).toBe(302);
      const rows = await storedClicks(t, link.campaign.id, 3);
      // two visitors: two unique clicks, the third is the first visitor again
      expect(rows.filter((r) => r.isUnique)).toHaveLength(2);
      expect(new Set(rows.map((r) => r.ipHash)).size).toBe(2);
    } finally {
      await t.close();
    }
  });
});

describe('the fast path takes only well-formed tracking links', () => {
  it('answers GET and HEAD /t/{code} and passes anything else on', () => {
    const taken: string[] = [];
    const fastPath = createClickFastPath(
      async (_req, _res, code, search, ip) => void taken.push(`${code}|${search}|${ip}`),
      () => '203.0.113.5',
    );
    const take = (url: string, method = 'GET') =>
      fastPath({ url, method } as IncomingMessage, {} as ServerResponse);
    expect(take('/t/abc_DEF-1')).toBe(true);
    expect(take('/t/abc?sub1=x&sub2=%20')).toBe(true);
    expect(take('/t/abc?', 'HEAD')).toBe(true);
    expect(taken).toEqual(['abc_DEF-1||203.0.113.5', 'abc|sub1=x&sub2=%20|203.0.113.5', 'abc||203.0.113.5']);
    for (const url of [
      '/t/',
      '/t/abc/',
      '/t/a%2Fb',
      `/t/${'x'.repeat(65)}`,
      '/tracking',
      '/t',
      '/api/t/abc',
      '//t/abc',
    ])
      expect(take(url)).toBe(false);
    expect(take('/t/abc', 'POST')).toBe(false);
    expect(taken).toHaveLength(3);
  });
});
