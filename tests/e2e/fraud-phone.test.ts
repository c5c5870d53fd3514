import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, apiLogin, logIn, waitForPath } from './support/app';
import { PHONE, onScreen, pageWidth } from './support/phone';
import { useE2e } from './support/suite';

// Issue 47 on a 390 px phone: the advertiser's fraud review queue (held conversions with the rules that fired,
// decided one at a time with a reason) and the publisher's earnings ledger, in English and in Danish, fit the
// screen with no sideways scroll and their figures in view.

const app = useE2e();
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/shots-fraud-phone';
/** the demo's suspicious publisher (Peter) earns on Bob's laptop and smart-home campaigns: his queue */
const REVIEWER = ACCOUNTS.advertiser2;

beforeAll(() => mkdir(SHOTS, { recursive: true }));

const TEXT = {
  en: {
    queue: 'Review queue',
    table: 'Commissions in the review queue',
    count: /^(\d+) commissions?$/,
    rules:
      /Too fast|Many conversions from one address|Click flood|Different browser on the pixel|Publisher's own address/,
    score: /^Score \d+$/,
    reason: 'Reason',
    approve: 'Approve 1 selected',
    rejectCard: /^Reject the commission from /,
    rejectConfirm: 'Reject commission',
    approved: '1 commission approved',
    rejected: '1 commission rejected',
    rejectedTab: 'Rejected for fraud',
    ledger: 'Earnings ledger',
    head: /^Head: entry [\d.,]+, hash [0-9a-f]{64}$/,
  },
  da: {
    queue: 'Gennemgangskø',
    table: 'Provisioner i gennemgangskøen',
    count: /^(\d+) provision(?:er)?$/,
    rules:
      /For hurtig|Mange konverteringer fra én adresse|Klikstorm|Anden browser på pixlen|Udgiverens egen adresse/,
    score: /^Score \d+$/,
    reason: 'Begrundelse',
    approve: 'Godkend 1 valgt',
    rejectCard: /^Afvis provisionen fra /,
    rejectConfirm: 'Afvis provision',
    approved: '1 provision godkendt',
    rejected: '1 provision afvist',
    rejectedTab: 'Afvist for svindel',
    ledger: 'Indtjeningsregnskab',
    head: /^Seneste: post [\d.,]+, hash [0-9a-f]{64}$/,
  },
} as const;
type Language = keyof typeof TEXT;

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await pageWidth(page);
  expect(innerWidth).toBe(PHONE.width);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
}

async function setLanguage(email: string, password: string, language: Language) {
  const token = await apiLogin(app.server.baseUrl, email, password);
  const res = await fetch(`${app.server.baseUrl}/api/auth/profile`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language }),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function signedIn(email: string, password: string) {
  const { page } = await app.openPage();
  await page.setViewportSize(PHONE);
  await logIn(page, email, password);
  return page;
}

/** The number of held commissions the pager says the queue has. */
async function queueCount(page: Page, text: (typeof TEXT)[Language]) {
  const summary = page.getByText(text.count);
  await summary.waitFor();
  return Number(text.count.exec((await summary.innerText()).trim())![1]);
}

/** A held commission's card: its rules, score and commission in view; then it is decided with a reason. */
async function decideOne(page: Page, lang: Language, decision: 'approve' | 'reject', reason: string) {
  const text = TEXT[lang];
  const table = page.getByRole('table', { name: text.table });
  // a held commission's card (not the loading line), then the count that came with it
  const card = table
    .locator('tbody > tr')
    .filter({ has: page.getByRole('checkbox') })
    .first();
  await card.waitFor();
  const before = await queueCount(page, text);
  expect(before).toBeGreaterThan(0);
  await expect.poll(() => card.innerText()).toMatch(text.rules);
  const cells = card.locator('td');
  const score = cells.nth(3);
  expect((await score.textContent())?.trim()).toMatch(text.score);
  await expect.poll(() => onScreen(score), { message: 'score badge' }).toBe(true);
  const amount = cells.nth(4);
  expect(await amount.innerText()).toMatch(/\d/);
  await expect.poll(() => onScreen(amount), { message: 'commission amount' }).toBe(true);
  // the rules may be taller than the screen: they fit its width
  const rules = await cells.nth(5).boundingBox();
  expect(rules!.x).toBeGreaterThanOrEqual(0);
  expect(rules!.x + rules!.width).toBeLessThanOrEqual(PHONE.width);

  if (decision === 'approve') {
    // ticked, with the reason of the bar above the list
    const select = card.getByRole('checkbox');
    await expect.poll(() => onScreen(select), { message: 'select checkbox' }).toBe(true);
    await select.check();
    await page.getByRole('textbox', { name: text.reason }).fill(reason);
    const button = page.getByRole('button', { name: text.approve });
    await expect.poll(() => onScreen(button), { message: 'approve selected button' }).toBe(true);
    await button.click();
  } else {
    // from the card itself, its reason asked in a dialog
    const button = card.getByRole('button', { name: text.rejectCard });
    await expect.poll(() => onScreen(button), { message: 'the card’s reject button' }).toBe(true);
    await button.click();
    const dialog = page.getByRole('dialog', { name: text.rejectCard });
    await dialog.getByRole('textbox', { name: text.reason }).fill(reason);
    const confirm = dialog.getByRole('button', { name: text.rejectConfirm });
    await expect.poll(() => onScreen(confirm), { message: 'confirm reject' }).toBe(true);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/fraud-reject-dialog-${lang}-390.png` });
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await page
    .getByText(decision === 'approve' ? text.approved : text.rejected)
    .first()
    .waitFor();
  await expect.poll(() => queueCount(page, text)).toBe(before - 1);
}

async function reviewQueue(lang: Language) {
  const text = TEXT[lang];
  const page = await signedIn(REVIEWER.email, REVIEWER.password);
  await page.goto('/fraud');
  await waitForPath(page, '/fraud');
  await page.getByRole('heading', { name: text.queue, level: 1 }).waitFor();
  await page
    .getByRole('table', { name: text.table })
    .locator('tbody > tr')
    .filter({ has: page.getByRole('checkbox') })
    .first()
    .waitFor();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/fraud-queue-${lang}-390.png`, fullPage: true });

  const approval =
    lang === 'en' ? 'Checked with the shop: a real order' : 'Tjekket med butikken: en rigtig ordre';
  const rejection = lang === 'en' ? 'Same address as the publisher' : 'Samme adresse som publicisten';
  await decideOne(page, lang, 'approve', approval);
  await decideOne(page, lang, 'reject', rejection);
  await expectNoSidewaysScroll(page);

  // the rejected ones, the one just rejected among them with its reason, score and commission in view
  await page.getByText(text.rejectedTab, { exact: true }).click();
  const table = page.getByRole('table', { name: text.table });
  const mine = table.locator('tbody > tr').filter({ hasText: rejection });
  await expect.poll(() => onScreen(mine.getByText(rejection)), { message: 'rejection reason' }).toBe(true);
  const rejected = table.locator('tbody > tr').first();
  await expect.poll(() => rejected.innerText()).toMatch(text.rules);
  await expect.poll(() => onScreen(rejected.locator('td').nth(3)), { message: 'rejected score' }).toBe(true);
  await expect.poll(() => onScreen(rejected.locator('td').nth(4)), { message: 'rejected amount' }).toBe(true);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/fraud-queue-rejected-${lang}-390.png`, fullPage: true });
}

async function ledger(lang: Language, account: { email: string; password: string }) {
  const text = TEXT[lang];
  const page = await signedIn(account.email, account.password);
  await page.goto('/commissions');
  await waitForPath(page, '/commissions');
  const card = page.getByRole('region', { name: text.ledger });
  const head = card.getByText(text.head);
  await head.waitFor({ timeout: 30_000 });
  await expect.poll(() => onScreen(head), { message: 'ledger head' }).toBe(true);
  const entry = card.getByRole('table', { name: text.ledger }).locator('tbody > tr').first();
  await entry.waitFor();
  await expect.poll(() => entry.innerText()).toMatch(/#\d+/);
  await expect.poll(() => onScreen(entry), { message: 'newest ledger entry' }).toBe(true);
  await expectNoSidewaysScroll(page);
  await card.screenshot({ path: `${SHOTS}/ledger-${lang}-390.png` });
  await page.screenshot({ path: `${SHOTS}/earnings-${lang}-390.png`, fullPage: true });
}

describe('fraud review queue and earnings ledger on a 390 px phone', () => {
  it('lets an advertiser review held conversions and decide one at a time with a reason', async () => {
    await reviewQueue('en');
  }, 180_000);

  it('shows a publisher their ledger with its head hash', async () => {
    await ledger('en', ACCOUNTS.publisher);
  }, 180_000);

  it('fits the queue and the ledger in Danish', async () => {
    await setLanguage(REVIEWER.email, REVIEWER.password, 'da');
    await setLanguage(ACCOUNTS.publisher2.email, ACCOUNTS.publisher2.password, 'da');
    await reviewQueue('da');
    await ledger('da', ACCOUNTS.publisher2);
  }, 240_000);
});
