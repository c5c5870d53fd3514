import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { launchPersistent } from './support/browser';
import { useE2e } from './support/suite';

// A private copy of dist/: the update test ships a changed sw.js.
const app = useE2e({ copyBuild: true, networkCable: true });

interface WebManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  scope?: string;
  display?: string;
  theme_color?: string;
  background_color?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

/** Resolves once a service worker is active and controls the page (clients.claim() on activate). */
async function waitForServiceWorker(page: Page): Promise<string> {
  // Strings, not functions: tests/e2e is type-checked without the DOM lib.
  const scope = await page.evaluate<string>(
    '(async () => (await navigator.serviceWorker.ready).active.scriptURL)()',
  );
  await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 20_000 });
  return scope;
}

describe('progressive web app', () => {
  it('serves the service worker as JavaScript at /sw.js', async () => {
    const response = await fetch(`${app.baseUrl}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript\b/);
    const source = await response.text();
    // injectManifest replaced the placeholder with the real precache list.
    expect(source).not.toContain('self.__WB_MANIFEST');
    expect(source).toContain('index.html');
  });

  it('serves a valid web app manifest with fetchable PNG icons', async () => {
    const response = await fetch(`${app.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/(manifest\+)?json\b/);
    const manifest = (await response.json()) as WebManifest;
    expect(manifest).toMatchObject({
      name: 'Affilio',
      short_name: 'Affilio',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.start_url).toMatch(/^\/(dashboard)?$/);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons = manifest.icons ?? [];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(
      ['192x192 any', '512x512 any', '512x512 maskable'].sort(),
    );
    for (const icon of icons) {
      const image = await fetch(new URL(icon.src, `${app.baseUrl}/`));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const bytes = new Uint8Array(await image.arrayBuffer());
      // PNG signature, then IHDR width/height (big-endian) must match the declared size.
      expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
      const view = new DataView(bytes.buffer, bytes.byteOffset);
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it('is installable once the service worker controls the page', async () => {
    const { context, page, close } = await launchPersistent(app.baseUrl);
    onTestFinished(close);
    await page.goto('/login');
    const scriptUrl = await waitForServiceWorker(page);
    expect(scriptUrl).toBe(`${app.baseUrl}/sw.js`);

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest', {});
    expect(manifest.url).toBe(`${app.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors, JSON.stringify(manifest.errors)).toEqual([]);

    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    if (installabilityErrors.length > 0) {
      console.error('Installability errors:', JSON.stringify(installabilityErrors, null, 2));
    }
    expect(installabilityErrors).toEqual([]);
  });

  it('serves the app shell from the precache while offline', async () => {
    const { context, page } = await app.openPage();
    await page.goto('/login');
    await waitForServiceWorker(page);

    await app.goOffline(context);
    try {
      // A deep link never fetched before: the navigation route answers with the precached index.html.
      await page.goto('/campaigns');
      // A locator, not waitForFunction: polling a string predicate needs eval, which the CSP forbids.
      await page.locator('#root > *').first().waitFor({ state: 'attached', timeout: 20_000 });
    } finally {
      await app.goOnline(context);
    }
  });

  it('precaches every script but the password dictionaries, which the meter still loads', async () => {
    const source = await (await fetch(`${app.baseUrl}/sw.js`)).text();
    const precached = new Set([...source.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]));
    const scripts = (await readdir(path.join(app.server.staticDir, 'assets'))).filter((file) =>
      file.endsWith('.js'),
    );
    const dictionaries = scripts.filter((file) => file.startsWith('password-dictionaries-'));
    expect(dictionaries).toHaveLength(1);
    // A first visit downloads everything else in the background, for offline use.
    expect(scripts.filter((file) => !precached.has(`assets/${file}`))).toEqual(dictionaries);

    // With the worker in control, the sign-up form's meter fetches them from the server.
    const { page } = await app.openPage();
    await page.goto('/login');
    await waitForServiceWorker(page);
    const fetched = page.waitForResponse((response) => response.url().includes('/password-dictionaries-'));
    await page.goto('/register');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple 42');
    expect((await fetched).status()).toBe(200);
    await page
      .getByText(/^Password strength: (Good|Strong)\.$/)
      .first()
      .waitFor({ timeout: 20_000 });
  });

  // First visit: the tab had no controller when it registered, which workbox-window treats differently.
  it.each(['first', 'returning'])(
    'offers a reload when a new version is deployed, and the new worker takes over (%s visit)',
    async (visit) => {
      const { page } = await app.openPage();
      await page.goto('/login');
      await waitForServiceWorker(page);
      if (visit === 'returning') {
        await page.reload();
        await waitForServiceWorker(page);
      }
      const prompt = page.getByText('A new version of Affilio is available.');
      expect(await prompt.count()).toBe(0);

      // "Deploy": any byte change to sw.js is a new worker version (with its precompressed copies, as
      // `npm run build` writes them: the server sends those to browsers that accept them)
      const sw = path.join(app.server.staticDir, 'sw.js');
      await appendFile(sw, `\n// e2e redeploy ${Date.now()}\n`);
      const code = await readFile(sw);
      await writeFile(`${sw}.br`, brotliCompressSync(code));
      await writeFile(`${sw}.gz`, gzipSync(code));
      await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');

      // registerType 'prompt': the new worker waits until the user agrees.
      await prompt.waitFor({ timeout: 20_000 });
      expect(
        await page.evaluate<boolean>('navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)'),
      ).toBe(true);

      // Reload -> SKIP_WAITING -> the new worker activates, claims the page, and the page reloads.
      await Promise.all([
        page.waitForEvent('load', { timeout: 20_000 }),
        page.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await waitForServiceWorker(page);
      expect(
        await page.evaluate<boolean>(
          '(async () => { const r = await navigator.serviceWorker.getRegistration(); return !r.waiting && !r.installing && r.active.state === "activated"; })()',
        ),
      ).toBe(true);
      expect(await prompt.count()).toBe(0);
    },
  );
});
