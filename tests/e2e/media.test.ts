import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

// Paula (the publisher) is approved on this demo campaign of Alice's.
const CAMPAIGN = 'Northwind Trail Jackets — Autumn/Winter';
const BANNER = `e2e-banner-${Date.now().toString(36)}.png`;

let dir: string;
let bannerPath: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'affilio-e2e-media-'));
  bannerPath = path.join(dir, BANNER);
  // noise does not compress: a few hundred KB, so a throttled upload shows its progress for a while
  const noise = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
  await writeFile(
    bannerPath,
    await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function signedIn(account: { email: string; password: string }): Promise<Page> {
  const { page } = await app.openPage();
  await logIn(page, account.email, account.password);
  return page;
}

describe('media library and creatives', () => {
  it('uploads a banner with a progress bar, attaches it to a campaign, and the publisher downloads it', async () => {
    // 1. Alice uploads a banner on /media, on a slow line: the progress bar shows while it goes up.
    const advertiser = await signedIn(ACCOUNTS.advertiser);
    await advertiser.goto('/media');
    await advertiser.getByRole('heading', { name: 'Media library' }).waitFor();
    const cdp = await advertiser.context().newCDPSession(advertiser);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await advertiser.getByLabel('Upload files').setInputFiles(bannerPath);
    const uploads = advertiser.getByRole('region', { name: 'Uploads' });
    await uploads.getByRole('progressbar', { name: `Uploading ${BANNER}` }).waitFor();
    await uploads.getByRole('progressbar', { name: `Uploaded ${BANNER}` }).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const card = advertiser.getByRole('listitem', { name: BANNER });
    await card.getByRole('img', { name: BANNER }).waitFor();
    await expect(card.textContent()).resolves.toContain('400×300');

    // 2. She picks it as a creative of her campaign in campaignEdit.
    await advertiser.goto('/campaigns');
    await advertiser.getByLabel('Search campaigns', { exact: true }).fill('Trail Jackets');
    await advertiser.getByRole('button', { name: `Edit ${CAMPAIGN}` }).click();
    const edit = advertiser.getByRole('dialog', { name: `Edit ${CAMPAIGN}` });
    await edit.getByRole('button', { name: 'Choose creatives from the media library' }).click();
    await edit.getByRole('checkbox', { name: BANNER }).check();
    await edit
      .getByRole('list', { name: 'Chosen creatives' })
      .getByRole('listitem', { name: BANNER })
      .waitFor();
    await edit.getByRole('button', { name: 'Save campaign' }).click();
    await edit.waitFor({ state: 'detached' });

    // 3. Paula, approved on it, sees it in campaignDetails and downloads it.
    const publisher = await signedIn(ACCOUNTS.publisher);
    await publisher.goto('/campaigns');
    await publisher.getByLabel('Search campaigns', { exact: true }).fill('Trail Jackets');
    await publisher.getByRole('button', { name: CAMPAIGN, exact: true }).click();
    const details = publisher.getByRole('dialog', { name: CAMPAIGN });
    const creative = details.getByRole('list', { name: 'Creatives' }).getByRole('listitem', { name: BANNER });
    await creative.getByRole('img', { name: BANNER }).waitFor();
    const [download] = await Promise.all([
      publisher.waitForEvent('download'),
      creative.getByRole('button', { name: `Download ${BANNER}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(BANNER);
    const saved = await download.path();
    expect(Buffer.compare(await readFile(saved), await readFile(bannerPath))).toBe(0);
  });
});
