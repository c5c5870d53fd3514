import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, apiLogin, choose, logIn, uniqueEmail, waitForPath } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

async function signedIn(account: { email: string; password: string }): Promise<Page> {
  const { page } = await app.openPage();
  await logIn(page, account.email, account.password);
  return page;
}

async function api(path: string, init: RequestInit & { token: string }): Promise<Response> {
  return fetch(`${app.baseUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${init.token}` },
  });
}

/** The admin's settings form: change what `edit` changes, save, and wait for the saved toast. */
async function saveSettings(admin: Page, edit: (page: Page) => Promise<void>): Promise<void> {
  await admin.goto('/settings');
  await admin.getByRole('button', { name: 'Save settings' }).waitFor();
  await edit(admin);
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await admin.getByText('Settings saved').waitFor();
}

/** Opens an account's drawer from an admin table, found by a search on its e-mail. */
async function openAccount(admin: Page, path: string, email: string, name: string) {
  await admin.goto(path);
  const noun = path === '/admin-publishers' ? 'publishers' : 'advertisers';
  await admin.getByLabel(`Search ${noun}`, { exact: true }).fill(email);
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name, exact: true }).click();
  return { row, drawer: admin.getByRole('dialog', { name }) };
}

afterAll(async () => {
  // Leave the platform as the seed made it for any later test in this file.
  const token = await apiLogin(app.baseUrl, ACCOUNTS.admin.email, ACCOUNTS.admin.password).catch(() => null);
  if (token) {
    await api('/admin/settings', {
      method: 'PUT',
      token,
      body: JSON.stringify({ registration_requires_approval: false }),
    });
  }
});

describe('admin console', () => {
  it('approves a pending publisher, who can then log in', async () => {
    const admin = await signedIn(ACCOUNTS.admin);
    await saveSettings(admin, (page) =>
      page.getByRole('switch', { name: 'New registrations need admin approval' }).check({ force: true }),
    );

    // A publisher registers and has to wait for approval.
    const email = uniqueEmail('pending-publisher');
    const password = 's3cure-passw0rd!';
    const { page: publisher } = await app.openPage();
    await publisher.goto('/register');
    await publisher.getByLabel('Name', { exact: true }).fill('Penny Pending');
    await publisher.getByLabel('Email', { exact: true }).fill(email);
    await publisher.getByLabel('Password', { exact: true }).fill(password);
    await choose(publisher, 'Role', 'Publisher');
    await publisher.getByRole('button', { name: 'Create account' }).click();
    await publisher.getByText('Account created').waitFor();

    await publisher.goto('/login');
    await publisher.getByLabel('Email', { exact: true }).fill(email);
    await publisher.getByLabel('Password', { exact: true }).fill(password);
    await publisher.getByRole('button', { name: 'Log in' }).click();
    await publisher.getByText('Your account is waiting for approval by an administrator').waitFor();
    expect(new URL(publisher.url()).pathname).toBe('/login');

    // The admin finds them among the pending publishers and approves them.
    const { row, drawer } = await openAccount(admin, '/admin-publishers', email, 'Penny Pending');
    await row.getByText('Pending approval').waitFor();
    await drawer.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Penny Pending is approved and can log in.').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // Now the same credentials open the app (a new publisher starts with onboarding).
    await logIn(publisher, email, password);
    expect(['/onboarding', '/dashboard']).toContain(new URL(publisher.url()).pathname);
  });

  it('suspends an advertiser: their open session is refused on its next request', async () => {
    const advertiser = await signedIn(ACCOUNTS.advertiser2);
    await advertiser.goto('/campaigns');
    await advertiser.getByRole('heading', { name: 'Campaigns' }).waitFor();

    const admin = await signedIn(ACCOUNTS.admin);
    const { row, drawer } = await openAccount(
      admin,
      '/admin-advertisers',
      ACCOUNTS.advertiser2.email,
      await nameOf(ACCOUNTS.advertiser2.email),
    );
    await drawer.getByRole('button', { name: 'Suspend' }).click();
    const confirm = admin.getByRole('dialog', { name: /^Suspend / });
    await confirm.getByText('signed out everywhere at once').waitFor();
    await confirm.getByLabel('Reason (optional)').fill('Chargebacks under review');
    await confirm.getByRole('button', { name: 'Suspend account' }).click();
    await row.getByText('Suspended', { exact: true }).waitFor();

    // The advertiser's next request (opening another page of the app) is refused: back to /login.
    await advertiser
      .getByRole('navigation', { name: 'Quick actions' })
      .getByRole('link', { name: 'Publishers' })
      .click();
    await waitForPath(advertiser, '/login');

    // And logging in again is refused while suspended.
    await advertiser.getByLabel('Email', { exact: true }).fill(ACCOUNTS.advertiser2.email);
    await advertiser.getByLabel('Password', { exact: true }).fill(ACCOUNTS.advertiser2.password);
    await advertiser.getByRole('button', { name: 'Log in' }).click();
    await advertiser.getByText('Your account has been suspended').waitFor();
  });

  it('changes the default currency, and a user without a choice sees it', async () => {
    // Before: a publisher who never picked a currency sees the platform default (USD from the seed).
    const before = await signedIn(ACCOUNTS.publisher2);
    await before.goto('/settings');
    await expectDisplayCurrency(before, 'USD');

    const admin = await signedIn(ACCOUNTS.admin);
    await saveSettings(admin, (page) => choose(page, 'Default currency', 'SEK'));

    const after = await signedIn(ACCOUNTS.publisher2);
    await after.goto('/settings');
    await expectDisplayCurrency(after, 'SEK');
  });
});

async function expectDisplayCurrency(page: Page, code: string): Promise<void> {
  const field = page.getByRole('combobox', { name: 'Display currency' });
  await field.waitFor();
  await expect.poll(() => field.inputValue(), { timeout: 15_000 }).toBe(code);
}

/** The account name the admin table shows for a seeded advertiser (company name first). */
async function nameOf(email: string): Promise<string> {
  const token = await apiLogin(app.baseUrl, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
  const response = await api(`/admin/users?role=advertiser&search=${encodeURIComponent(email)}`, {
    method: 'GET',
    token,
  });
  const [user] = (await response.json()) as {
    name: string;
    company_name: string | null;
    display_name: string | null;
  }[];
  if (!user) throw new Error(`no advertiser ${email}`);
  return user.company_name || user.display_name || user.name;
}
