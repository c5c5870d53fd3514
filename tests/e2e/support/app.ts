import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'affilio-demo';
export const ACCOUNTS = {
  admin: { email: 'admin@affilio.test', password: 'affilio-admin' },
  advertiser: { email: 'alice@advertiser.test', password: DEMO_PASSWORD },
  advertiser2: { email: 'bob@advertiser.test', password: DEMO_PASSWORD },
  publisher: { email: 'paula@publisher.test', password: DEMO_PASSWORD },
  publisher2: { email: 'peter@publisher.test', password: DEMO_PASSWORD },
  publisher3: { email: 'priya@publisher.test', password: DEMO_PASSWORD },
} as const;

const COMMON_ACTIONS = ['/campaigns', '/messaging'];
/** Spec §2 quick actions, in display order. */
export const QUICK_ACTIONS = {
  advertiser: [...COMMON_ACTIONS, '/action=create', '/publishers', '/media', '/tracking', '/reports'],
  publisher: [...COMMON_ACTIONS, '/websites', '/applications', '/commissions', '/reports'],
  admin: [
    ...COMMON_ACTIONS,
    '/admin-advertisers',
    '/admin-publishers',
    '/admin-applications',
    '/admin-payouts',
    '/settings',
  ],
} as const;

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export async function waitForPath(page: Page, pathname: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

export function quickActions(page: Page) {
  return page.getByRole('navigation', { name: 'Quick actions' });
}

/** The hrefs of the quick-action links, in document order, once the shell has rendered them. */
export async function quickActionHrefs(page: Page): Promise<(string | null)[]> {
  const links = quickActions(page).getByRole('link');
  await links.first().waitFor();
  const hrefs: (string | null)[] = [];
  for (let i = 0, n = await links.count(); i < n; i++) hrefs.push(await links.nth(i).getAttribute('href'));
  return hrefs;
}

/**
 * Picks `option` for the field labelled `label`, whatever widget the client chose: a radio group
 * (incl. Mantine SegmentedControl), a native <select>, or a Mantine Select/combobox.
 */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const group = page.getByRole('radiogroup', { name: label });
  if ((await group.count()) > 0) {
    // One click: the register and sign-up forms keep their role choice in place (it used to move down under
    // the click as the password's strength score arrived, and that click then missed it)
    await group.getByRole('radio', { name: option, exact: true }).check({ force: true });
    return;
  }
  const field = page.getByLabel(label, { exact: true }).first();
  const tagName = await field.evaluate((element: { tagName: string }) => element.tagName);
  if (tagName === 'SELECT') {
    await field.selectOption({ label: option });
    return;
  }
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills a text field; for a combobox (e.g. a searchable country Select) picks the first match instead. */
export async function fillField(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true }).first();
  const popup = await field.getAttribute('aria-haspopup');
  const role = await field.getAttribute('role');
  await field.fill(value);
  if (popup === 'listbox' || role === 'combobox') {
    const option = page.getByRole('option').first();
    if (await option.isVisible().catch(() => false)) await option.click();
  }
}

/** Picks the display currency in the header switcher and waits until the header shows it. */
export async function chooseDisplayCurrency(page: Page, code: string): Promise<void> {
  const switcher = page.getByRole('button', { name: /^Display currency/ });
  await switcher.click();
  await page.getByRole('menuitemradio', { name: code, exact: true }).click();
  await switcher.filter({ hasText: code }).waitFor();
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await waitForPath(page, '/login');
}

export interface OutboxMail {
  id: string | number;
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

export async function apiLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`API login for ${email} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** Polls the admin outbox until a mail to `to` whose text matches `pattern` arrives. */
export async function waitForMail(
  baseUrl: string,
  adminToken: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<{ mail: OutboxMail; match: RegExpMatchArray }> {
  const deadline = Date.now() + timeoutMs;
  let seen: OutboxMail[] = [];
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/admin/outbox`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (!response.ok) throw new Error(`GET /api/admin/outbox: ${response.status} ${await response.text()}`);
    seen = (await response.json()) as OutboxMail[];
    for (const mail of seen) {
      const match = mail.to.toLowerCase() === to.toLowerCase() ? mail.text.match(pattern) : null;
      if (match) return { mail, match };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `no mail to ${to} matching ${pattern} within ${timeoutMs}ms; outbox had:\n${JSON.stringify(seen, null, 2)}`,
  );
}
