import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, uniqueEmail } from './support/app';
import { freePort } from './support/server';
import { useE2e } from './support/suite';

// The publisher's website is verified against the local server below (a loopback address).
const app = useE2e({ env: { VERIFY_ALLOW_PRIVATE_NETWORKS: 'true' } });

// Chromium's headless UA says "HeadlessChrome", which the click endpoint counts as a bot.
const HUMAN_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PASSWORD = 'e2e-tracking-pw';

/** One local site: the publisher's (verification file) and the advertiser's landing page. */
let site: Server;
let siteUrl = '';
let siteToken = '';
const landings: URL[] = [];

beforeAll(async () => {
  const port = await freePort();
  site = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === '/.well-known/affilio-verify.txt' && siteToken) {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`${siteToken}\n`);
      return;
    }
    if (url.pathname === '/landing') {
      landings.push(url);
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Shop</title><h1>Welcome to the shop</h1>');
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A new account with a complete profile (no onboarding), registered through the API. */
async function register(role: 'advertiser' | 'publisher', name: string) {
  const email = uniqueEmail(role);
  const profile =
    role === 'advertiser'
      ? { company_name: `${name} ApS`, country: 'DK', billing_address: 'Vesterbrogade 1, Copenhagen' }
      : { display_name: name, country: 'DK', payout_method: 'paypal', payout_details: `${role}@e2e.test` };
  const { access_token } = await call<{ access_token: string }>('POST', '/auth/register', null, {
    email,
    password: PASSWORD,
    name,
    role,
    ...profile,
  });
  // Both view amounts in the campaign's currency, so figures show as stored (not converted for display).
  await call('PUT', '/auth/profile', access_token, { preferred_currency: 'EUR' });
  return { email, password: PASSWORD, token: access_token };
}

async function signedIn(account: { email: string; password: string }): Promise<Page> {
  const { page } = await app.openPage();
  await logIn(page, account.email, account.password);
  return page;
}

const suffix = Date.now().toString(36);
const campaignName = `E2E Tracked Shoes ${suffix}`;
const publisherName = `Tracking Tess ${suffix}`;

describe('tracking and commissions', () => {
  it('tests tracking end to end, then a real click and postback earn a commission the advertiser approves', async () => {
    // Set-up through the API: an auto-approve campaign and a publisher approved with a verified website.
    const advertiser = await register('advertiser', `Shoe Shop ${suffix}`);
    const publisher = await register('publisher', publisherName);
    const campaign = await call<{ id: string; tracking_secret: string }>(
      'POST',
      '/campaigns',
      advertiser.token,
      {
        name: campaignName,
        category: 'fashion',
        landing_url: `${siteUrl}/landing`,
        currency: 'EUR',
        commission_model: 'cpa',
        payout_minor: 1234,
        status: 'active',
        approval_mode: 'auto',
      },
    );
    const website = await call<{ id: string; verification_token: string }>(
      'POST',
      '/websites',
      publisher.token,
      { url: siteUrl, name: `Tess's blog ${suffix}`, category: 'fashion' },
    );
    siteToken = website.verification_token;
    const verified = await call<{ verification_status: string }>(
      'POST',
      `/websites/${website.id}/verify`,
      publisher.token,
      { method: 'file' },
    );
    expect(verified.verification_status).toBe('verified');
    const application = await call<{ status: string; tracking_code: string }>(
      'POST',
      '/applications',
      publisher.token,
      { campaign_id: campaign.id, website_id: website.id },
    );
    expect(application.status).toBe('approved');

    // 1. The advertiser opens /tracking: the publisher's link, the postback and the tracking test.
    const adv = await signedIn(advertiser);
    await adv.goto('/tracking');
    const links = adv.getByRole('table', { name: 'Tracking links' });
    const row = links.getByRole('row').filter({ hasText: publisherName });
    await row.getByText(`${app.baseUrl}/t/${application.tracking_code}`).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    const curl =
      (await adv.getByLabel('Server-to-server example (curl)', { exact: true }).textContent()) ?? '';
    expect(curl).toContain(`${app.baseUrl}/api/postback`);
    expect(curl).toContain('"currency":"EUR","event":"sale"');
    expect(curl).not.toContain(campaign.tracking_secret);

    await adv.getByRole('button', { name: 'Run tracking test' }).click();
    const dialog = adv.getByRole('dialog', { name: `Tracking test: ${campaignName}` });
    await dialog.getByText('Tracking works').waitFor();
    for (const step of ['Tracking link resolved', 'Click recorded', 'Conversion', 'Commission computed']) {
      await dialog.getByRole('listitem', { name: step }).getByText('Passed', { exact: true }).waitFor();
    }
    await dialog.getByText('Commission €12.34 (pending); a test, so it is not paid.').waitFor();
    await adv.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // 2. A visitor clicks the publisher's link in a real browser and lands on the shop with a click_id.
    const visitor = await app.browser.newContext({ userAgent: HUMAN_UA });
    try {
      const page = await visitor.newPage();
      await page.goto(`${app.baseUrl}/t/${application.tracking_code}?sub1=e2e-newsletter`);
      await page.getByRole('heading', { name: 'Welcome to the shop' }).waitFor();
      const landed = new URL(page.url());
      expect(landed.pathname).toBe('/landing');
      expect(landed.searchParams.get('sub1')).toBe('e2e-newsletter');
    } finally {
      await visitor.close();
    }
    const clickId = landings.at(-1)?.searchParams.get('click_id') ?? '';
    expect(clickId).not.toBe('');

    // 3. The shop's server reports the order (S2S postback with the campaign's secret).
    const orderId = `E2E-ORDER-${suffix}`;
    const conversion = await call<{ status: string; commission_minor: number; is_test: boolean }>(
      'POST',
      '/postback',
      null,
      {
        click_id: clickId,
        order_id: orderId,
        amount: '80.00',
        currency: 'EUR',
        event: 'sale',
        secret: campaign.tracking_secret,
      },
    );
    expect(conversion).toMatchObject({ status: 'pending', commission_minor: 1234, is_test: false });

    // 4. The publisher sees the pending commission and the totals; the balance counts it as pending.
    const pub = await signedIn(publisher);
    await pub.goto('/commissions');
    const commissions = pub.getByRole('table', { name: 'Commissions' });
    const commission = commissions.getByRole('row').filter({ hasText: orderId });
    await commission.getByText('Pending', { exact: true }).waitFor();
    await commission.getByText('€12.34').waitFor();
    const totals = pub.getByRole('region', { name: 'Totals in EUR' });
    await totals.getByText('Pending · 1').waitFor();
    await totals.getByText('€12.34').waitFor();
    // The test conversion from step 1 is no money: it is in neither the list nor the totals.
    expect(await commissions.getByRole('row').count()).toBe(2);
    const balance = pub.getByRole('table', { name: 'Balance per currency' });
    const eurBalance = balance.getByRole('row').filter({ hasText: 'EUR' });
    expect((await eurBalance.getByRole('cell').allTextContents()).slice(0, 3)).toEqual([
      'EUR',
      '€0.00',
      '€12.34',
    ]);
    // nothing approved yet: no payout to request
    expect(await eurBalance.getByRole('button', { name: /Request payout/ }).isDisabled()).toBe(true);

    // 5. The advertiser approves it on /commissions.
    await adv.goto('/commissions');
    await adv.getByRole('button', { name: `Approve order ${orderId}` }).click();
    await adv.getByText(`${campaignName}, order ${orderId}: approved.`).waitFor();
    const decided = adv
      .getByRole('table', { name: 'Commissions' })
      .getByRole('row')
      .filter({ hasText: orderId });
    await decided.getByText('Approved', { exact: true }).waitFor();
    await adv.getByRole('region', { name: 'Totals in EUR' }).getByText('Approved · 1').waitFor();

    // 6. The publisher's balance now holds it as available.
    await pub.reload();
    await pub
      .getByRole('table', { name: 'Commissions' })
      .getByRole('row')
      .filter({ hasText: orderId })
      .getByText('Approved', { exact: true })
      .waitFor();
    await expect
      .poll(async () =>
        pub
          .getByRole('table', { name: 'Balance per currency' })
          .getByRole('row')
          .filter({ hasText: 'EUR' })
          .getByRole('cell')
          .allTextContents()
          .then((cells) => cells.slice(0, 3)),
      )
      .toEqual(['EUR', '€12.34', '€0.00']);
  });
});
