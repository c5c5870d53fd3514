import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, QUICK_ACTIONS, logIn, quickActionHrefs, waitForPath } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

const SCREENSHOT = process.env.E2E_SCREENSHOT ?? '/tmp/affilio-dashboard.png';

/**
 * Whether the sidebar is showing: the toggle's aria-expanded when it has one, else whether the
 * app-shell navbar is on screen (Mantine slides a collapsed navbar out rather than shrinking it).
 */
async function sidebarState(page: Page): Promise<string> {
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await toggle.waitFor();
  const expanded = await toggle.getAttribute('aria-expanded');
  if (expanded !== null) return `aria-expanded=${expanded}`;
  const navbar = page.locator('.mantine-AppShell-navbar').first();
  if ((await navbar.count()) === 0 || !(await navbar.isVisible())) return 'navbar=hidden';
  const box = await navbar.boundingBox();
  return box && box.width > 1 && box.x + box.width > 1 ? 'navbar=shown' : 'navbar=hidden';
}

describe('app shell', () => {
  it('renders the dashboard (screenshot for a human look)', async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await waitForPath(page, '/dashboard');
    expect(await quickActionHrefs(page)).toEqual(QUICK_ACTIONS.advertiser);
    // The figures and the chart, not network idle: the live message stream stays open while signed in,
    // so the network never idles and that wait only ever ended at its 30 s timeout.
    await page.getByRole('group', { name: 'Clicks', exact: true }).waitFor({ timeout: 30_000 });
    await page.locator('svg.recharts-surface').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: SCREENSHOT, fullPage: false });
  });

  it('keeps the sidebar collapsed across a reload', async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await waitForPath(page, '/dashboard');

    const before = await sidebarState(page);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => sidebarState(page), { timeout: 5_000 }).not.toBe(before);
    const toggled = await sidebarState(page);

    await page.reload();
    await waitForPath(page, '/dashboard');
    await expect.poll(() => sidebarState(page), { timeout: 10_000 }).toBe(toggled);

    // And back again, so the preference really follows the toggle.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => sidebarState(page), { timeout: 5_000 }).toBe(before);
    await page.reload();
    await expect.poll(() => sidebarState(page), { timeout: 10_000 }).toBe(before);
  });

  it("slides the sidebar, pauses that while the shell settles, and the pause's end restyles no page", async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await waitForPath(page, '/dashboard');
    await page.locator('.mantine-AppShell-root:not([data-resizing])').waitFor();
    // A string, not a function: the test runner's transform would add helpers the page does not have.
    type Durations = { rootDuration: string; navbar: string };
    const shell = await page.evaluate<{ settled: Durations; resizing: Durations }>(`(() => {
      const root = document.querySelector('.mantine-AppShell-root');
      const navbar = root.querySelector('.mantine-AppShell-navbar');
      const state = () => ({
        rootDuration: getComputedStyle(root).getPropertyValue('--app-shell-transition-duration').trim(),
        navbar: getComputedStyle(navbar).transitionDuration,
      });
      const settled = state();
      root.setAttribute('data-resizing', 'true');
      const resizing = state();
      root.removeAttribute('data-resizing');
      return { settled, resizing };
    })()`);
    // The build's CSS minifier writes the root's 200ms as .2s.
    expect(['200ms', '.2s']).toContain(shell.settled.rootDuration);
    expect(shell.settled.navbar).toBe('0.2s');
    // Paused on the sidebar, while the value every element inherits from the root stays the same.
    expect(shell.resizing).toEqual({ rootDuration: shell.settled.rootDuration, navbar: '0s' });
  });

  it("paints the start shell before the app's code has loaded, where the dashboard then draws the same", async () => {
    const { context, page } = await app.openPage();
    await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Paula', level: 1 }).waitFor();
    // The stored session, in pages without a service worker: one would serve the entry script the test holds back.
    const storageState = await context.storageState();

    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const started = await app.browser.newContext({
        baseURL: app.baseUrl,
        viewport,
        storageState,
        serviceWorkers: 'block',
      });
      try {
        const cspErrors: string[] = [];
        const open = async (withEntry: boolean) => {
          const tab = await started.newPage();
          tab.on('console', (message) => {
            if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
          });
          // Without the app's entry script, what shows is the inline start script's shell alone.
          if (!withEntry) await tab.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
          await tab.goto('/dashboard');
          const heading = tab.getByRole('heading', { name: 'Welcome, Paula', level: 1 });
          await heading.waitFor();
          // The shell alone, or the app's own heading (Mantine's Title) after React replaced the shell.
          if (withEntry) await tab.locator('h1.mantine-Title-root').waitFor();
          return { box: await heading.boundingBox(), shells: await tab.locator('.start-shell').count() };
        };
        const shell = await open(false);
        const dashboard = await open(true);
        expect(shell.shells).toBe(1);
        expect(dashboard.shells).toBe(0);
        expect(shell.box, `heading at ${viewport.width} px`).not.toBeNull();
        expect(dashboard.box, `heading at ${viewport.width} px`).toEqual(shell.box);
        expect(cspErrors).toEqual([]);
      } finally {
        await started.close();
      }
    }
  });

  // The error screen itself is covered by tests/unit/app/error-screen.test.tsx (Vitest has the route).
  it('has no deliberate crash page in the production build: /debug/crash is not found', async () => {
    const { page } = await app.openPage();
    await logIn(page, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await waitForPath(page, '/dashboard');

    await page.goto('/debug/crash');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Oops! Something went wrong' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/debug/crash');
  });
});
