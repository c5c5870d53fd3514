import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scriptSources } from '../../server/platform/inline-script-hashes';
import { createTestApp, type TestApp } from './support/test-app';

/** Headers that change from answer to answer (time, size, file stamps), left out of the comparison. */
const VOLATILE = new Set(['date', 'content-length', 'etag', 'last-modified', 'keep-alive', 'connection']);

const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !VOLATILE.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** index.html's inline script (the built app's start script): the CSP allows it by its hash, nothing else. */
const INLINE = 'document.getElementById("root").textContent = "started";';
const INLINE_HASH = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;

describe('security headers', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-headers-'));
    await writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><title>Affilio</title><div id="root"></div><script>${INLINE}</script>`,
    );
    await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    t = await createTestApp({ staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  // every helmet header, as @fastify/helmet sent them when it built its middleware per request
  const CSP =
    `default-src 'self';script-src 'self' ${INLINE_HASH};style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;` +
    "font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';" +
    "base-uri 'self';form-action 'self';frame-ancestors 'none'";
  const HELMET = {
    'content-security-policy': CSP,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const STATIC = { 'accept-ranges': 'bytes', 'cache-control': 'no-cache', vary: 'accept-encoding' };

  it.each([
    ['an HTML page', '/dashboard', 200, { ...HELMET, ...STATIC, 'content-type': 'text/html; charset=utf-8' }],
    [
      'an API answer',
      '/api/health',
      200,
      { ...HELMET, 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' },
    ],
    [
      'the service worker',
      '/sw.js',
      200,
      { ...HELMET, ...STATIC, 'content-type': 'application/javascript; charset=utf-8' },
    ],
    [
      'an API 404',
      '/api/no-such-route',
      404,
      { ...HELMET, 'content-type': 'application/json; charset=utf-8' },
    ],
    [
      // the tracking link's pages opt out of helmet and carry a stricter policy of their own
      'a tracking link page',
      '/t/no-such-code',
      404,
      {
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        'content-type': 'text/html; charset=utf-8',
        'x-content-type-options': 'nosniff',
      },
    ],
  ])('sends exactly the expected headers on %s', async (_what, url, status, headers) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(stable(res.headers)).toEqual(stable(headers));
  });

  it('sends the CSP of a build replaced under the running server, once it has changed on disk', async () => {
    const file = path.join(dir, 'index.html');
    const NEW = 'document.getElementById("root").textContent = "new build";';
    const csp = async () =>
      (await t.app.inject({ method: 'GET', url: '/dashboard' })).headers['content-security-policy'];
    try {
      await writeFile(file, `<!doctype html><div id="root"></div><script>${NEW}</script>`);
      await utimes(file, new Date(), new Date(Date.now() + 60_000));
      // the file is looked at no more than once a second
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await csp()).toBe(
        CSP.replace(INLINE_HASH, `'sha256-${createHash('sha256').update(NEW).digest('base64')}'`),
      );
    } finally {
      await writeFile(
        file,
        `<!doctype html><title>Affilio</title><div id="root"></div><script>${INLINE}</script>`,
      );
      await utimes(file, new Date(), new Date(Date.now() + 120_000));
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
    expect(await csp()).toBe(CSP);
  });

  it('sends the same headers on a postback answer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/postback', payload: {} });
    for (const [name, value] of Object.entries(HELMET)) expect(res.headers[name], name).toBe(value);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('the CSP for a build replaced under a running server', () => {
  it("allows the new index.html's inline script once the file has changed, and no longer the old one", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'affilio-rebuild-'));
    const hash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;
    const now = vi.spyOn(Date, 'now');
    try {
      const file = path.join(dir, 'index.html');
      await writeFile(file, '<script>start("old")</script>');
      now.mockReturnValue(1_000_000);
      const sources = scriptSources(dir);
      const first = sources();
      expect(first.join(' ')).toBe(`'self' ${hash('start("old")')}`);
      // unchanged within the second: the same array, so what was built from it is kept
      expect(sources()).toBe(first);

      await writeFile(file, '<script>start("new")</script><script>more()</script>');
      await utimes(file, new Date(), new Date(Date.now() + 60_000));
      now.mockReturnValue(1_002_000);
      expect(sources().join(' ')).toBe(`'self' ${hash('start("new")')} ${hash('more()')}`);

      await rm(file);
      now.mockReturnValue(1_004_000);
      expect(sources().join(' ')).toBe("'self'");
    } finally {
      now.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
