import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, choose, chooseDisplayCurrency, logIn, waitForPath } from './support/app';
import { freePort } from './support/server';
import { useE2e } from './support/suite';

// Verification must reach the local test site below (a loopback address).
const app = useE2e({ env: { VERIFY_ALLOW_PRIVATE_NETWORKS: 'true' } });

/** A publisher's website: serves the verification file once the token is known. */
let site: Server;
let siteUrl = '';
let siteToken = '';

beforeAll(async () => {
  const port = await freePort();
  site = createServer((request, response) => {
    if (request.url === '/.well-known/affilio-verify.txt' && siteToken) {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(`${siteToken}\n`);
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

const suffix = Date.now().toString(36);
const campaignName = `E2E Summer Sale ${suffix}`;
const websiteName = `E2E Gadget Blog ${suffix}`;

async function signedIn(account: { email: string; password: string }): Promise<Page> {
  const { page } = await app.openPage();
  await logIn(page, account.email, account.password);
  return page;
}

describe('marketplace core', () => {
  it('runs from campaign creation through verification, application and approval to a tracking link', async () => {
    // 1. The advertiser creates an active campaign from /action=create.
    const advertiser = await signedIn(ACCOUNTS.advertiser);
    // Amounts in the campaign's own currency, so its payout shows as entered (not converted).
    await chooseDisplayCurrency(advertiser, 'EUR');
    await advertiser.goto('/action=create');
    const create = advertiser.getByRole('dialog', { name: 'Create campaign' });
    await create.getByLabel('Name', { exact: true }).fill(campaignName);
    await create.getByLabel('Landing URL', { exact: true }).fill('https://shop.example.com/summer');
    await choose(advertiser, 'Status', 'Active');
    await choose(advertiser, 'Currency', 'EUR');
    await create.getByLabel('Payout', { exact: true }).fill('12.34');
    await create.getByRole('button', { name: 'Save campaign' }).click();
    await waitForPath(advertiser, '/campaigns');
    await advertiser.getByRole('button', { name: campaignName, exact: true }).waitFor();
    await advertiser.getByText('€12.34 per sale').first().waitFor();

    // 2. The publisher adds a website and verifies it with the file method.
    const publisher = await signedIn(ACCOUNTS.publisher);
    await publisher.goto('/websites');
    await publisher.getByRole('button', { name: 'Add website' }).click();
    const websiteDialog = publisher.getByRole('dialog', { name: 'Add website' });
    await websiteDialog.getByLabel('Website URL', { exact: true }).fill(siteUrl);
    await websiteDialog.getByLabel('Name', { exact: true }).fill(websiteName);
    await websiteDialog.getByRole('button', { name: 'Save website' }).click();
    await websiteDialog.waitFor({ state: 'detached' });

    await publisher.getByRole('button', { name: `Verification of ${websiteName}` }).click();
    const panel = publisher.getByRole('region', { name: `Verify ${websiteName}` });
    siteToken = (await panel.getByTestId('verification-token').textContent())?.trim() ?? '';
    expect(siteToken).not.toBe('');
    await panel.getByRole('button', { name: 'Verify with file' }).click();
    await panel.getByText(`You own ${siteUrl}`).waitFor();
    const websiteRow = publisher.getByRole('row').filter({ hasText: websiteName }).first();
    await websiteRow.getByText('Verified', { exact: true }).waitFor();

    // 3. The publisher applies to the campaign from /campaigns with that website.
    await publisher.goto('/campaigns');
    await publisher.getByLabel('Search campaigns', { exact: true }).fill(campaignName);
    await publisher.getByRole('button', { name: `Apply to ${campaignName}` }).click();
    const apply = publisher.getByRole('dialog', { name: `Apply to ${campaignName}` });
    await apply.getByLabel('Website', { exact: true }).selectOption({ label: `${websiteName} (${siteUrl})` });
    await apply.getByLabel('Message to the advertiser', { exact: true }).fill('We review gadgets daily.');
    await apply.getByRole('button', { name: 'Send application' }).click();
    await apply.getByText('Application sent').waitFor();

    // 4. The advertiser approves it in campaignPublishers.
    await advertiser.reload();
    await advertiser.getByRole('button', { name: `More actions for ${campaignName}` }).click();
    await advertiser.getByRole('menuitem', { name: 'Publishers' }).click();
    const publishers = advertiser.getByRole('dialog', { name: `Publishers of ${campaignName}` });
    const row = publishers.getByRole('row').filter({ hasText: siteUrl });
    await row.getByRole('button', { name: /^Approve / }).click();
    await row.getByText('Approved', { exact: true }).waitFor();

    // 5. The publisher sees the approval and the tracking link on /applications.
    await publisher.goto('/applications');
    const application = publisher.getByRole('row').filter({ hasText: campaignName });
    await application.getByText('Approved', { exact: true }).waitFor();
    const link = (await application.getByLabel('Tracking link').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${app.baseUrl.replace(/[.]/g, '\\.')}/t/[\\w-]+$`));
  });
});
