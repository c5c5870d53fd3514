import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema/platform';
import { FetchTimeoutError, type FetchTextResult } from '../../server/platform/safe-fetch';
import { call, createTestApp, createUser, login, type TestApp } from './support/test-app';

/** A local site the verifier fetches; its pages are set per test. */
let site: http.Server;
let siteUrl = '';
const pages = new Map<string, { status: number; body: string; location?: string }>();
const txtRecords = new Map<string, string[][]>();

let t: TestApp;
let strict: TestApp;
const tokens = {} as Record<'p1' | 'p2' | 'adv' | 'admin', string>;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const page = pages.get(req.url ?? '/') ?? { status: 404, body: 'not found' };
    res.writeHead(page.status, page.location ? { location: page.location } : { 'content-type': 'text/html' });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // the real fetcher, allowed onto loopback only because this is a test; DNS is injected
  t = await createTestApp({ allowPrivateNetworks: true }, {});
  for (const [key, role] of [
    ['p1', 'publisher'],
    ['p2', 'publisher'],
    ['adv', 'advertiser'],
    ['admin', 'admin'],
  ] as const) {
    const u = await createUser(t, { role });
    tokens[key] = await login(t, u.email, u.password);
  }
  strict = await createTestApp({ allowPrivateNetworks: false });
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await new Promise((resolve) => site.close(resolve));
});

async function addSite(app: TestApp, token: string, url = siteUrl) {
  const res = await call(app, 'POST', '/api/websites', {
    token,
    payload: { url, name: 'My blog', category: 'travel' },
  });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}

describe('websites CRUD', () => {
  it('registers a website by its origin, unverified with a token', async () => {
    const res = await call(t, 'POST', '/api/websites', {
      token: tokens.p1,
      payload: {
        url: 'Travel-Notes.example/some/page?x=1',
        name: 'Travel notes',
        category: 'travel',
        monthly_visitors: 12000,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      url: 'https://travel-notes.example',
      verification_status: 'unverified',
      verification_method: null,
      monthly_visitors: 12000,
    });
    expect(res.json().verification_token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses the same site twice for one publisher, a bad url and non-publishers', async () => {
    const dup = await call(t, 'POST', '/api/websites', {
      token: tokens.p1,
      payload: { url: 'https://travel-notes.example/', name: 'again', category: 'travel' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: 'You have already registered https://travel-notes.example' });
    const bad = await call(t, 'POST', '/api/websites', {
      token: tokens.p1,
      payload: { url: 'ftp://x', name: 'x', category: 'travel' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('url: url must be a website address such as https://example.com');
    const adv = await call(t, 'POST', '/api/websites', {
      token: tokens.adv,
      payload: { url: 'a.example', name: 'x', category: 'travel' },
    });
    expect(adv.statusCode).toBe(403);
  });

  it('lists only the publisher’s own websites; admins see all, advertisers none', async () => {
    await addSite(t, tokens.p2, 'https://p2-site.example');
    const own = await call(t, 'GET', '/api/websites', { token: tokens.p2 });
    expect(own.json().map((w: { url: string }) => w.url)).toEqual(['https://p2-site.example']);
    expect(own.headers['x-total-count']).toBe('1');
    const all = await call(t, 'GET', '/api/websites?limit=100', { token: tokens.admin });
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect((await call(t, 'GET', '/api/websites', { token: tokens.adv })).statusCode).toBe(403);
  });

  it('another publisher cannot read, change, verify or delete it', async () => {
    const w = await addSite(t, tokens.p1, 'https://private-p1.example');
    for (const [method, url, payload] of [
      ['GET', `/api/websites/${w.id}`, undefined],
      ['PUT', `/api/websites/${w.id}`, { name: 'mine now' }],
      ['POST', `/api/websites/${w.id}/verify`, { method: 'file' }],
      ['DELETE', `/api/websites/${w.id}`, undefined],
    ] as const) {
      const res = await call(t, method, url, { token: tokens.p2, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Website not found' });
    }
    const still = await call(t, 'GET', `/api/websites/${w.id}`, { token: tokens.p1 });
    expect(still.json().name).toBe('My blog');
  });

  it('a changed address must be verified again', async () => {
    const w = await addSite(t, tokens.p1, 'https://moving.example');
    pages.set('/.well-known/affilio-verify.txt', { status: 200, body: w.verification_token });
    const local = await call(t, 'PUT', `/api/websites/${w.id}`, {
      token: tokens.p1,
      payload: { url: siteUrl },
    });
    expect(local.statusCode).toBe(200);
    expect(local.json().verification_token).not.toBe(w.verification_token);
    expect(local.json().verification_status).toBe('unverified');
    const del = await call(t, 'DELETE', `/api/websites/${w.id}`, { token: tokens.p1 });
    expect(del.statusCode).toBe(204);
  });
});

describe('POST /api/websites/:id/verify', () => {
  it('verifies with the .well-known file', async () => {
    const w = await addSite(t, tokens.p1);
    pages.set('/.well-known/affilio-verify.txt', { status: 200, body: `${w.verification_token}\n` });
    const res = await call(t, 'POST', `/api/websites/${w.id}/verify`, {
      token: tokens.p1,
      payload: { method: 'file' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verification_status: 'verified',
      verification_method: 'file',
      verification_error: null,
    });
    expect(res.json().verified_at).toEqual(expect.any(String));
    await call(t, 'DELETE', `/api/websites/${w.id}`, { token: tokens.p1 });
  });

  it('verifies with the home-page meta tag, following a redirect', async () => {
    const w = await addSite(t, tokens.p1);
    pages.set('/', { status: 302, body: '', location: '/home' });
    pages.set('/home', {
      status: 200,
      body: `<html><head><meta content="${w.verification_token}" name="affilio-verification"></head></html>`,
    });
    const res = await call(t, 'POST', `/api/websites/${w.id}/verify`, {
      token: tokens.p1,
      payload: { method: 'meta' },
    });
    expect(res.json()).toMatchObject({ verification_status: 'verified', verification_method: 'meta' });
    await call(t, 'DELETE', `/api/websites/${w.id}`, { token: tokens.p1 });
  });

  it('fails with a reason the publisher can act on', async () => {
    const w = await addSite(t, tokens.p1);
    pages.set('/.well-known/affilio-verify.txt', { status: 200, body: 'someone-else' });
    const res = await call(t, 'POST', `/api/websites/${w.id}/verify`, {
      token: tokens.p1,
      payload: { method: 'file' },
    });
    expect(res.json()).toMatchObject({
      verification_status: 'failed',
      verification_error: `The file at ${siteUrl}/.well-known/affilio-verify.txt does not contain your verification token.`,
      verified_at: null,
    });
    pages.delete('/.well-known/affilio-verify.txt');
    const missing = await call(t, 'POST', `/api/websites/${w.id}/verify`, {
      token: tokens.p1,
      payload: { method: 'file' },
    });
    expect(missing.json().verification_error).toBe(
      `We found no affilio-verify.txt file at ${siteUrl}/.well-known/affilio-verify.txt (HTTP 404).`,
    );
    await call(t, 'DELETE', `/api/websites/${w.id}`, { token: tokens.p1 });
  });

  it('refuses an unknown method', async () => {
    const w = await addSite(t, tokens.p1, 'https://method.example');
    const res = await call(t, 'POST', `/api/websites/${w.id}/verify`, {
      token: tokens.p1,
      payload: { method: 'email' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('method: method must be meta, file or dns');
  });

  it('never fetches loopback or private addresses in the production configuration', async () => {
    const u = await createUser(strict, { role: 'publisher' });
    const token = await login(strict, u.email, u.password);
    const w = await addSite(strict, token);
    pages.set('/.well-known/affilio-verify.txt', { status: 200, body: w.verification_token });
    const res = await call(strict, 'POST', `/api/websites/${w.id}/verify`, {
      token,
      payload: { method: 'file' },
    });
    expect(res.json().verification_status).toBe('failed');
    expect(res.json().verification_error).toBe(
      '127.0.0.1 points to a private or local network address, which we do not connect to.',
    );
  });
});

describe('DNS verification', () => {
  let dnsApp: TestApp;
  beforeAll(async () => {
    dnsApp = await createTestApp(
      {},
      {
        verification: {
          fetchText: async () => {
            throw new Error('no HTTP in this test');
          },
          resolveTxt: async (host) => txtRecords.get(host) ?? [],
        },
      },
    );
  });
  afterAll(() => dnsApp.close());

  it('accepts the TXT record and reports its absence', async () => {
    const u = await createUser(dnsApp, { role: 'publisher' });
    const token = await login(dnsApp, u.email, u.password);
    const w = await addSite(dnsApp, token, 'https://dns-site.example');
    const before = await call(dnsApp, 'POST', `/api/websites/${w.id}/verify`, {
      token,
      payload: { method: 'dns' },
    });
    expect(before.json().verification_error).toBe(
      `The DNS TXT record "affilio-verify=${w.verification_token}" was not found on dns-site.example.`,
    );
    txtRecords.set('dns-site.example', [['v=spf1 -all'], ['affilio-verify=', w.verification_token]]);
    const after = await call(dnsApp, 'POST', `/api/websites/${w.id}/verify`, {
      token,
      payload: { method: 'dns' },
    });
    expect(after.json()).toMatchObject({ verification_status: 'verified', verification_method: 'dns' });
  });
});

describe('verification failures read as sentences', () => {
  let app: TestApp;
  let token = '';
  /** what the injected fetcher and resolver do in the current case */
  let fetchOutcome: () => Promise<FetchTextResult> = async () => ({ status: 200, body: '', url: '' });
  let dnsOutcome: () => Promise<string[][]> = async () => [];
  const nodeError = (message: string, code: string) => Object.assign(new Error(message), { code });

  beforeAll(async () => {
    app = await createTestApp(
      {},
      { verification: { fetchText: () => fetchOutcome(), resolveTxt: () => dnsOutcome() } },
    );
    const u = await createUser(app, { role: 'publisher' });
    token = await login(app, u.email, u.password);
  });
  afterAll(() => app.close());

  const FILE = 'https://sentences.example/.well-known/affilio-verify.txt';
  const cases: [string, 'file' | 'meta', () => Promise<FetchTextResult>, string][] = [
    [
      'an unknown host',
      'file',
      () => Promise.reject(nodeError('getaddrinfo ENOTFOUND sentences.example', 'ENOTFOUND')),
      'We could not find sentences.example in DNS.',
    ],
    [
      'a refused connection',
      'file',
      () => Promise.reject(nodeError('connect ECONNREFUSED 203.0.113.7:443', 'ECONNREFUSED')),
      'sentences.example refused the connection.',
    ],
    [
      'a timeout',
      'meta',
      () => Promise.reject(new FetchTimeoutError(5000)),
      'sentences.example did not answer within 5 seconds.',
    ],
    [
      'an expired certificate',
      'file',
      () => Promise.reject(nodeError('certificate has expired', 'CERT_HAS_EXPIRED')),
      'The HTTPS certificate of sentences.example has expired.',
    ],
    [
      'a TLS handshake failure',
      'file',
      () => Promise.reject(nodeError('wrong version number', 'ERR_SSL_WRONG_VERSION_NUMBER')),
      'We could not set up a secure (HTTPS) connection to sentences.example.',
    ],
    [
      'a missing file',
      'file',
      async () => ({ status: 404, body: 'Not Found', url: FILE }),
      `We found no affilio-verify.txt file at ${FILE} (HTTP 404).`,
    ],
    [
      'a server error',
      'file',
      async () => ({ status: 500, body: '', url: FILE }),
      `We could not read ${FILE}: the server answered HTTP 500.`,
    ],
    [
      'a home page that fails',
      'meta',
      async () => ({ status: 503, body: '', url: 'https://sentences.example/' }),
      'Your home page https://sentences.example/ answered HTTP 503 instead of the page.',
    ],
    [
      'an error nobody expected',
      'file',
      () => Promise.reject(new Error('EWEIRD something internal')),
      'We could not check sentences.example; please try again later.',
    ],
  ];

  it.each(cases)('explains %s', async (_name, method, outcome, sentence) => {
    fetchOutcome = outcome;
    // one origin for every case: each deletes its website again
    const w = await addSite(app, token, 'https://sentences.example');
    const res = await call(app, 'POST', `/api/websites/${w.id}/verify`, { token, payload: { method } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ verification_status: 'failed', verification_error: sentence });
    await call(app, 'DELETE', `/api/websites/${w.id}`, { token });
  });

  it('explains DNS lookups that fail', async () => {
    const w = await addSite(app, token, 'https://no-records.example');
    dnsOutcome = () => Promise.reject(nodeError('queryTxt ENODATA no-records.example', 'ENODATA'));
    const none = await call(app, 'POST', `/api/websites/${w.id}/verify`, {
      token,
      payload: { method: 'dns' },
    });
    expect(none.json().verification_error).toBe(
      `The DNS TXT record "affilio-verify=${w.verification_token}" was not found on no-records.example.`,
    );
    dnsOutcome = () => Promise.reject(nodeError('queryTxt ENOTFOUND no-records.example', 'ENOTFOUND'));
    const unknown = await call(app, 'POST', `/api/websites/${w.id}/verify`, {
      token,
      payload: { method: 'dns' },
    });
    expect(unknown.json().verification_error).toBe('We could not find no-records.example in DNS.');
  });

  it('explains a real refused connection through the real fetcher', async () => {
    // port 1 on loopback: nothing listens there, so the connection is refused
    const w = await addSite(t, tokens.p2, 'http://127.0.0.1:1');
    const res = await call(t, 'POST', `/api/websites/${w.id}/verify`, {
      token: tokens.p2,
      payload: { method: 'file' },
    });
    expect(res.json().verification_error).toBe('127.0.0.1 refused the connection.');
    await call(t, 'DELETE', `/api/websites/${w.id}`, { token: tokens.p2 });
  });
});

describe('POST /api/admin/websites/:id/verify', () => {
  it('lets an admin mark a website verified by hand, audit-logged, and tells the publisher', async () => {
    const w = await addSite(t, tokens.p2, 'https://hand-verified.example');
    const res = await call(t, 'POST', `/api/admin/websites/${w.id}/verify`, { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.id, verification_status: 'verified', verification_error: null });
    expect(Date.parse(res.json().verified_at)).toBeGreaterThan(Date.now() - 60_000);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'website'), eq(auditLog.entityId, w.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'website.verified_by_admin',
      before: { verification_status: 'unverified', verified_at: null },
      after: { verification_status: 'verified', verified_at: res.json().verified_at },
    });
    const notes = await call(t, 'GET', '/api/notifications', { token: tokens.p2 });
    expect(notes.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'Website verified: My blog' })]),
    );
    // again: already verified, answered unchanged and not logged twice
    const again = await call(t, 'POST', `/api/admin/websites/${w.id}/verify`, { token: tokens.admin });
    expect(again.json().verified_at).toBe(res.json().verified_at);
    const after = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, w.id));
    expect(after).toHaveLength(1);
  });

  it('is for admins only and answers 404 for an unknown website', async () => {
    const w = await addSite(t, tokens.p2, 'https://not-by-hand.example');
    const url = `/api/admin/websites/${w.id}/verify`;
    expect((await call(t, 'POST', url)).statusCode).toBe(401);
    expect((await call(t, 'POST', url, { token: tokens.adv })).statusCode).toBe(403);
    expect((await call(t, 'POST', url, { token: tokens.p2 })).statusCode).toBe(403);
    const site = await call(t, 'GET', `/api/websites/${w.id}`, { token: tokens.p2 });
    expect(site.json().verification_status).toBe('unverified');
    const unknown = await call(t, 'POST', '/api/admin/websites/00000000-0000-4000-8000-000000000000/verify', {
      token: tokens.admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Website not found' });
  });
});
