import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { ACCOUNTS, logIn, waitForPath } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

/** An active campaign of Alice's that Paula is approved on (demo data). */
const CAMPAIGN = 'Northwind Trail Jackets — Autumn/Winter';

async function signedIn(account: { email: string; password: string }): Promise<Page> {
  const { page } = await app.openPage();
  await logIn(page, account.email, account.password);
  return page;
}

describe('messaging', () => {
  it('the publisher messages the advertiser, who sees it arrive live and replies', async () => {
    const stamp = Date.now().toString(36);
    const question = `Can I use the banners in my newsletter? (${stamp})`;
    const answer = `Yes, go ahead! (${stamp})`;

    // Alice has her messages open in one browser…
    const alice = await signedIn(ACCOUNTS.advertiser);
    await alice.goto('/messaging');
    await alice.getByRole('heading', { name: 'Messages' }).waitFor();
    await alice
      .getByRole('button', { name: /^Paula Pereira/ })
      .first()
      .waitFor();

    // …while Paula finds the campaign's advertiser and writes to them with the "Message" button.
    const paula = await signedIn(ACCOUNTS.publisher);
    await paula.goto('/campaigns');
    await paula.getByLabel('Search campaigns', { exact: true }).fill(CAMPAIGN);
    await paula.getByRole('button', { name: CAMPAIGN, exact: true }).first().click();
    const details = paula.getByRole('dialog', { name: CAMPAIGN });
    await details.getByRole('button', { name: 'Northwind Outdoor' }).click();
    await paula.getByRole('link', { name: 'Message Northwind Outdoor' }).click();
    await waitForPath(paula, '/messaging');
    const compose = paula.getByRole('dialog', { name: 'New message' });
    await compose
      .getByRole('combobox', { name: /^To/ })
      .and(paula.locator('[value^="Alice Andersen"]'))
      .waitFor();
    await compose.getByRole('textbox', { name: /^Message/ }).fill(question);
    await compose.getByRole('button', { name: 'Send' }).click();
    await paula.waitForURL((url) => url.pathname.startsWith('/conversation='));
    const paulaThread = paula.getByRole('log');
    await paulaThread.getByText(question).waitFor();

    // Alice sees it arrive without reloading: in the list, unread, then in the thread.
    const row = alice
      .getByRole('button', { name: /^Paula Pereira.* \d+\+? unread$/ })
      .filter({ hasText: question });
    await row.waitFor({ timeout: 15_000 });
    await alice
      .getByRole('link', { name: 'Messages' })
      .getByLabel(/unread message/)
      .waitFor();
    await row.click();
    const aliceThread = alice.getByRole('log');
    await aliceThread.getByText(question).waitFor();

    // Her reply reaches Paula's open thread live.
    await alice.getByRole('textbox', { name: 'Message' }).fill(answer);
    await alice.getByRole('button', { name: 'Send' }).click();
    await aliceThread.getByText(answer).waitFor();
    await paulaThread.getByText(answer).waitFor({ timeout: 15_000 });
  });
});
