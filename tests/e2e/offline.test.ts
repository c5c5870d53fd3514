import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, apiLogin, logIn, logOut, waitForPath } from './support/app';
import { useE2e } from './support/suite';

// Request logs (info) let the test count what the server actually received. The browser reaches the
// server through a cable the tests unplug when they go offline (see support/network-cable.ts).
const app = useE2e({ env: { LOG_LEVEL: 'info' }, networkCable: true });

/** Resolves once a service worker is active and controls the page (so a reload offline is served). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 20_000 });
}

/** The text of a KPI card (a named group) on the dashboard, e.g. "Clicks 12,345". */
async function kpiText(page: Page, label: string): Promise<string> {
  const card = page.getByRole('group', { name: label, exact: true });
  await card.waitFor({ timeout: 30_000 });
  return (await card.innerText()).replace(/\s+/g, ' ').trim();
}

/** How many `method url` requests the server logged (Fastify's "incoming request" lines). */
function serverSaw(method: string, url: string): number {
  return app.server
    .output()
    .split('\n')
    .filter((line) => line.includes('"incoming request"'))
    .filter((line) => line.includes(`"method":"${method}"`) && line.includes(`"url":"${url}"`)).length;
}

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${app.server.baseUrl}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The offline banner: "You're offline" as the browser says, "Can't reach the server" when it says online. */
const banner = (page: Page, title: RegExp = /You're offline|Can't reach the server/) =>
  page.getByRole('status').filter({ hasText: title });

/** Renames a campaign through its edit dialog; the list shows the new name once the dialog closes. */
async function renameCampaign(page: Page, name: string, to: string): Promise<void> {
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByLabel('Name', { exact: true }).fill(to);
  await dialog.getByRole('button', { name: 'Save campaign' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Edit ${to}` }).waitFor();
}

/** Goes offline and reloads: the page must come from the precache and the persisted query cache. */
async function reloadOffline(context: BrowserContext, page: Page, path: string): Promise<void> {
  await app.goOffline(context);
  await page.goto(path);
}

async function storedText(page: Page): Promise<string> {
  return page.evaluate<string>('JSON.stringify(Object.entries(localStorage))');
}

describe('offline first', () => {
  it('reloads offline with the last data, queues changes, and sends each once on reconnect', async () => {
    const { context, page } = await app.openPage();
    const token = await apiLogin(app.server.baseUrl, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await logIn(page, ACCOUNTS.advertiser.email, ACCOUNTS.advertiser.password);
    await waitForPath(page, '/dashboard');
    const clicks = await kpiText(page, 'Clicks');
    await waitForServiceWorker(page);

    // Visit the campaigns and open the notifications once online, as a user would.
    await page
      .getByRole('navigation', { name: 'Quick actions' })
      .getByRole('link', { name: /Campaigns/ })
      .click();
    const firstEdit = page.getByRole('button', { name: /^Edit / }).first();
    await firstEdit.waitFor({ timeout: 30_000 });
    const campaignName = (await firstEdit.getAttribute('aria-label'))!.replace(/^Edit /, '');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const unread = page.getByRole('button', { name: /^Mark read: / }).first();
    await unread.waitFor({ timeout: 30_000 });
    const notificationTitle = (await unread.getAttribute('aria-label'))!.replace(/^Mark read: /, '');
    await page.keyboard.press('Escape');

    // Offline reload of the dashboard: the same figures and the banner, no error screen.
    await reloadOffline(context, page, '/dashboard');
    expect(await kpiText(page, 'Clicks')).toBe(clicks);
    await banner(page, /You're offline/).waitFor();
    expect(await banner(page).innerText()).toMatch(/updated (just now|\d+ minutes? ago)/);
    expect(await page.getByText("We couldn't load your account").count()).toBe(0);

    // Campaign rows and notifications come from the cache too.
    await reloadOffline(context, page, '/campaigns');
    await page.getByRole('button', { name: `Edit ${campaignName}` }).waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('button', { name: `Mark read: ${notificationTitle}` }).click();
    await page
      .getByRole('button', { name: `Mark read: ${notificationTitle}` })
      .waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    const editedName = `${campaignName} (edited offline)`.slice(0, 120);
    await renameCampaign(page, campaignName, editedName);
    await banner(page).getByText('2 changes waiting to sync').waitFor();

    // Still pending after a reload offline: shown, counted, and nothing reached the server.
    await page.waitForTimeout(1500);
    await page.reload();
    await page.getByRole('button', { name: `Edit ${editedName}` }).waitFor();
    await banner(page).getByText('2 changes waiting to sync').waitFor();
    const campaigns = await api<{ id: string; name: string }[]>(token, '/campaigns?limit=100');
    const campaign = campaigns.find((c) => c.name === campaignName)!;
    expect(campaign).toBeDefined();
    const notifications = await api<{ id: string; title: string; is_read: boolean }[]>(
      token,
      '/notifications?limit=100',
    );
    const notification = notifications.find((n) => n.title === notificationTitle)!;
    expect(notification.is_read).toBe(false);
    expect(serverSaw('PUT', `/api/campaigns/${campaign.id}`)).toBe(0);

    // Back online: both changes are sent, once each, and the banner goes away.
    await app.goOnline(context);
    await page
      .getByRole('status')
      .filter({ hasText: /offline|waiting to sync|sending/i })
      .waitFor({
        state: 'detached',
        timeout: 30_000,
      });
    await expect
      .poll(async () => (await api<{ name: string }>(token, `/campaigns/${campaign.id}`)).name, {
        timeout: 20_000,
      })
      .toBe(editedName);
    const after = await api<{ id: string; is_read: boolean }[]>(token, '/notifications?limit=100');
    expect(after.find((n) => n.id === notification.id)?.is_read).toBe(true);
    await page.waitForTimeout(2000); // a second replay would have happened by now
    expect(serverSaw('PUT', `/api/campaigns/${campaign.id}`)).toBe(1);
    expect(serverSaw('PUT', `/api/notifications/${notification.id}/read`)).toBe(1);

    // Another account on the same browser sees and keeps nothing of the first one.
    await logOut(page);
    const leftover = await storedText(page);
    expect(leftover).not.toContain('affilio:query-cache');
    expect(leftover).not.toContain(editedName);
    expect(leftover).not.toContain(ACCOUNTS.advertiser.email);
    await logIn(page, ACCOUNTS.advertiser2.email, ACCOUNTS.advertiser2.password);
    await waitForPath(page, '/dashboard');
    await kpiText(page, 'Clicks');
    await page.goto('/campaigns');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await page.getByText(editedName).count()).toBe(0);
    await page.waitForTimeout(1500);
    const stored = await storedText(page);
    expect(stored).not.toContain(editedName);
    expect(stored).not.toContain(campaign.id);
    expect(stored).not.toContain(ACCOUNTS.advertiser.email);
  });

  it('keeps changes and the cached page while the browser says online but nothing answers', async () => {
    const { context, page } = await app.openPage();
    const token = await apiLogin(
      app.server.baseUrl,
      ACCOUNTS.advertiser2.email,
      ACCOUNTS.advertiser2.password,
    );
    await logIn(page, ACCOUNTS.advertiser2.email, ACCOUNTS.advertiser2.password);
    await waitForPath(page, '/dashboard');
    const clicks = await kpiText(page, 'Clicks');
    await waitForServiceWorker(page);
    await page.goto('/campaigns');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .waitFor({ timeout: 30_000 });
    const campaigns = await api<{ id: string; name: string }[]>(token, '/campaigns?limit=100');
    const [first, second] = await Promise.all(
      [0, 1].map(async (n) => {
        const label = await page
          .getByRole('button', { name: /^Edit / })
          .nth(n)
          .getAttribute('aria-label');
        return campaigns.find((c) => `Edit ${c.name}` === label)!;
      }),
    );
    const firstName = `${first!.name} (no network)`.slice(0, 120);
    const secondName = `${second!.name} (no network)`.slice(0, 120);

    // The network goes (a captive portal, the server down) while the browser still says online: a
    // change saved then finds no answer. It is queued as offline, not failed, and the app goes offline.
    app.cable.unplug();
    await renameCampaign(page, first!.name, firstName);
    await banner(page, /Can't reach the server/)
      .getByText('1 change waiting to sync')
      .waitFor({ timeout: 20_000 });

    // Offline and back "online" with the network still gone: the replay finds no answer and the changes
    // wait again instead of being dropped.
    await context.setOffline(true);
    await renameCampaign(page, second!.name, secondName);
    await banner(page).getByText('2 changes waiting to sync').waitFor();
    await context.setOffline(false);
    await banner(page, /Can't reach the server/)
      .getByText('2 changes waiting to sync')
      .waitFor({ timeout: 20_000 });
    await page.waitForTimeout(3000);
    await banner(page).getByText('2 changes waiting to sync').waitFor();
    expect(await page.getByText(/Change not saved/).count()).toBe(0);

    // A reload in that state starts from the device's copy, offline, with both changes waiting.
    await page.goto('/dashboard');
    expect(await kpiText(page, 'Clicks')).toBe(clicks);
    await banner(page).getByText('2 changes waiting to sync').waitFor({ timeout: 20_000 });
    expect(serverSaw('PUT', `/api/campaigns/${first!.id}`)).toBe(0);
    expect(serverSaw('PUT', `/api/campaigns/${second!.id}`)).toBe(0);

    // The server answers again: the app notices by itself and sends each change once.
    app.cable.plug();
    await banner(page).waitFor({ state: 'detached', timeout: 30_000 });
    for (const [campaign, name] of [
      [first!, firstName],
      [second!, secondName],
    ] as const) {
      await expect
        .poll(async () => (await api<{ name: string }>(token, `/campaigns/${campaign.id}`)).name, {
          timeout: 20_000,
        })
        .toBe(name);
    }
    await page.waitForTimeout(2000);
    expect(serverSaw('PUT', `/api/campaigns/${first!.id}`)).toBe(1);
    expect(serverSaw('PUT', `/api/campaigns/${second!.id}`)).toBe(1);
  });

  it("shows an admin's dashboard, accounts and payout queue after a reload offline", async () => {
    const { context, page } = await app.openPage();
    await logIn(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await waitForPath(page, '/dashboard');
    const clicks = await kpiText(page, 'Clicks');
    await waitForServiceWorker(page);
    await page.goto('/admin-publishers');
    await page.getByRole('row').filter({ hasText: ACCOUNTS.publisher.email }).waitFor({ timeout: 30_000 });
    await page.goto('/admin-payouts');
    await page.getByRole('row').filter({ hasText: 'Priya' }).first().waitFor({ timeout: 30_000 });

    await reloadOffline(context, page, '/dashboard');
    await banner(page).waitFor();
    expect(await kpiText(page, 'Clicks')).toBe(clicks);
    await page.goto('/admin-publishers');
    await page.getByRole('row').filter({ hasText: ACCOUNTS.publisher.email }).waitFor();
    await page.goto('/admin-payouts');
    await page.getByRole('row').filter({ hasText: 'Priya' }).first().waitFor();
    await app.goOnline(context);
    await banner(page).waitFor({ state: 'detached' });
  });

  // Offline as the browser says, and with no answer while the browser still says online.
  it.each([
    [
      'offline',
      (context: BrowserContext) => app.goOffline(context),
      (context: BrowserContext) => app.goOnline(context),
    ],
    ['with no answer', async () => app.cable.unplug(), async () => app.cable.plug()],
  ] as const)(
    'says "Not available offline yet" for a page never opened %s, and loads it on reconnect',
    async (_, cut, reconnect) => {
      const { context, page } = await app.openPage();
      await logIn(page, ACCOUNTS.publisher.email, ACCOUNTS.publisher.password);
      await waitForPath(page, '/dashboard');
      await kpiText(page, 'Clicks');
      await waitForServiceWorker(page);

      await cut(context);
      await page
        .getByRole('navigation', { name: 'Quick actions' })
        .getByRole('link', { name: /Commissions/ })
        .click();
      await page.getByRole('heading', { name: 'Not available offline yet' }).waitFor();

      await reconnect(context);
      await page.getByRole('heading', { name: 'Not available offline yet' }).waitFor({ state: 'detached' });
      await banner(page).waitFor({ state: 'detached' });
    },
  );
});
