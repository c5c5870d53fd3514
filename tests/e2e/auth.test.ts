import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  QUICK_ACTIONS,
  apiLogin,
  choose,
  fillField,
  logIn,
  logOut,
  quickActionHrefs,
  uniqueEmail,
  waitForMail,
  waitForPath,
} from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

async function canLogIn(email: string, password: string): Promise<boolean> {
  const response = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.ok;
}

describe('registration and onboarding', () => {
  it('registers an advertiser, completes onboarding, lands on the dashboard and logs out', async () => {
    const { page } = await app.openPage();
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill('Erin Example');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('advertiser'));
    await page.getByLabel('Password', { exact: true }).fill('s3cure-passw0rd!');
    await choose(page, 'Role', 'Advertiser');
    await page.getByRole('button', { name: 'Create account' }).click();

    await waitForPath(page, '/onboarding');
    await page.getByLabel('Company name', { exact: true }).fill('Example Shoes ApS');
    await page.getByLabel('Website', { exact: true }).fill('https://shoes.example.com');
    await fillField(page, 'Country', 'DK');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Billing address', { exact: true }).fill('Vesterbrogade 1, 1620 København V');
    await page.getByLabel('VAT ID', { exact: true }).fill('DK12345678');
    await page.getByRole('button', { name: 'Finish' }).click();

    await waitForPath(page, '/dashboard');
    expect(await quickActionHrefs(page)).toEqual(QUICK_ACTIONS.advertiser);

    await logOut(page);
    // Logged out for real: protected pages send us back to the login screen.
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
  });

  it('registers a publisher through the simplified sign-up and is sent to onboarding', async () => {
    const { page } = await app.openPage();
    await page.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('publisher'));
    await page.getByLabel('Password', { exact: true }).fill('s3cure-passw0rd!');
    await choose(page, 'Role', 'Publisher');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await waitForPath(page, '/onboarding');
    await page.getByLabel('Display name', { exact: true }).fill('Tech Reviews Daily');
    await fillField(page, 'Country', 'SE');
    await page.getByRole('button', { name: 'Continue' }).click();

    await choose(page, 'Payout method', 'PayPal');
    await page.getByLabel('Payout details', { exact: true }).fill('payouts@techreviews.example');
    await page.getByLabel('Tax ID', { exact: true }).fill('SE556677889901');
    await page.getByRole('button', { name: 'Finish' }).click();

    await waitForPath(page, '/dashboard');
    expect(await quickActionHrefs(page)).toEqual(QUICK_ACTIONS.publisher);
  });
});

describe('quick actions by role', () => {
  it.each([
    ['admin', ACCOUNTS.admin, QUICK_ACTIONS.admin],
    ['advertiser', ACCOUNTS.advertiser, QUICK_ACTIONS.advertiser],
    ['publisher', ACCOUNTS.publisher, QUICK_ACTIONS.publisher],
  ] as const)('shows exactly the %s quick actions, in order', async (_role, account, expected) => {
    const { page } = await app.openPage();
    await logIn(page, account.email, account.password);
    await waitForPath(page, '/dashboard');
    expect(await quickActionHrefs(page)).toEqual(expected);
  });
});

describe('password reset', () => {
  it('resets a forgotten password with the e-mailed link and logs in with the new one', async () => {
    const { email, password: oldPassword } = ACCOUNTS.publisher3;
    const newPassword = 'brand-new-passw0rd';
    const { page } = await app.openPage();

    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();

    const adminToken = await apiLogin(app.baseUrl, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const { match } = await waitForMail(
      app.baseUrl,
      adminToken,
      email,
      /https?:\/\/[^\s"'<>]+(\/reset-password\?token=[^\s"'<>]+)/,
    );
    // Follow the link's path on the server under test, whatever public origin the mail was written for.
    await page.goto(match[1]!);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    const [reset] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/auth/reset-password') && response.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Reset password' }).click(),
    ]);
    expect(reset.status()).toBe(200);
    expect(await canLogIn(email, oldPassword)).toBe(false);

    const fresh = await app.openPage();
    await logIn(fresh.page, email, newPassword);
    await waitForPath(fresh.page, '/dashboard');
    expect(await quickActionHrefs(fresh.page)).toEqual(QUICK_ACTIONS.publisher);
  });
});
