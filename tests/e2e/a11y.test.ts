// axe-core over every page of every role and the dialogs, menus and drawers their buttons open: any
// serious or critical violation fails, printed with its rule, impact and targets. One browser (the
// suite's), one sign-in per role. WCAG 2.x A/AA rules plus label-content-name-mismatch (experimental
// in axe, off by default): a control's name must contain its visible text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, logIn, waitForPath } from './support/app';
import { useE2e } from './support/suite';

const app = useE2e();

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

type Opener = (page: Page) => Promise<Locator>;

interface Check {
  path: string;
  /** Dialogs (menus, drawers, palettes) opened from buttons on the page, each scanned while open. */
  dialogs?: Record<string, Opener>;
}

const PUBLIC_PAGES = ['/login', '/register', '/signup', '/forgot-password', '/reset-password?token=x'];

const dialog = (page: Page) => page.getByRole('dialog').last();

/** Clicks the first control matching `locator` (waiting for it) and answers the dialog it opens. */
const clickThenDialog =
  (find: (page: Page) => Locator): Opener =>
  async (page) => {
    await find(page).first().click();
    return dialog(page);
  };

const firstRow = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).locator('tbody tr').first().locator('td').first();

const SHELL_DIALOGS: Record<string, Opener> = {
  'search palette': async (page) => {
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).first().click();
    return dialog(page);
  },
  'notifications drawer': clickThenDialog((page) => page.getByRole('button', { name: /^Notifications/ })),
  'account menu': async (page) => {
    await page.getByRole('button', { name: /^Account menu/ }).click();
    return page.getByRole('menu');
  },
};

const ROLE_PAGES: Record<'advertiser' | 'publisher' | 'admin', Check[]> = {
  advertiser: [
    { path: '/dashboard', dialogs: SHELL_DIALOGS },
    {
      path: '/campaigns',
      dialogs: {
        'campaign create': clickThenDialog((page) =>
          page.getByRole('main').getByRole('button', { name: 'Create campaign' }),
        ),
        'campaign edit': clickThenDialog((page) => page.getByRole('button', { name: /^Edit / })),
        'campaign details': clickThenDialog((page) => firstRow(page, 'Campaigns')),
        'campaign search': clickThenDialog((page) => page.getByRole('button', { name: /^Quick search/ })),
      },
    },
    { path: '/action=create' },
    { path: '/publishers' },
    { path: '/applications' },
    {
      path: '/media',
      dialogs: {
        'media preview': clickThenDialog((page) => page.getByRole('button', { name: /^Preview / })),
      },
    },
    { path: '/tracking' },
    { path: '/reports' },
    {
      path: '/commissions',
      dialogs: {
        'commission decision': clickThenDialog((page) =>
          page.getByRole('table', { name: 'Commissions' }).getByRole('button', { name: /^Reject / }),
        ),
      },
    },
    {
      path: '/invoices',
      dialogs: { 'invoice detail': clickThenDialog((page) => firstRow(page, 'Invoices')) },
    },
    {
      path: '/messaging',
      dialogs: {
        'new conversation': clickThenDialog((page) =>
          page.getByRole('button', { name: /^New (conversation|message)/ }),
        ),
      },
    },
    { path: '/profile' },
  ],
  publisher: [
    { path: '/dashboard', dialogs: SHELL_DIALOGS },
    {
      path: '/campaigns',
      dialogs: { 'campaign details': clickThenDialog((page) => firstRow(page, 'Campaigns')) },
    },
    {
      path: '/websites',
      dialogs: {
        'website add': clickThenDialog((page) => page.getByRole('button', { name: 'Add website' })),
        'website edit': clickThenDialog((page) =>
          page.getByRole('table', { name: 'Websites' }).getByRole('button', { name: /^Edit / }),
        ),
      },
    },
    { path: '/applications' },
    {
      path: '/commissions',
      dialogs: {
        'payout request': clickThenDialog((page) =>
          page.getByRole('button', { name: /^Request payout in / }),
        ),
      },
    },
    { path: '/tracking' },
    { path: '/reports' },
    { path: '/messaging' },
    { path: '/profile' },
  ],
  admin: [
    { path: '/dashboard', dialogs: SHELL_DIALOGS },
    { path: '/campaigns' },
    { path: '/admin-advertisers' },
    { path: '/admin-publishers' },
    {
      path: '/admin-applications',
      dialogs: {
        // An inline reason form in the row, not a dialog: scanned while it is open.
        'application decision': async (page) => {
          await page
            .getByRole('main')
            .getByRole('button', { name: /^(Reject|Suspend) / })
            .first()
            .click();
          return page.getByRole('button', { name: /^Confirm (reject|suspend)/ });
        },
      },
    },
    {
      path: '/admin-payouts',
      dialogs: {
        'payout details': clickThenDialog((page) => page.getByRole('button', { name: /^Details of payout/ })),
      },
    },
    { path: '/reports' },
    { path: '/invoices' },
    { path: '/admin-audit-log' },
    { path: '/settings' },
    { path: '/messaging' },
    { path: '/profile' },
  ],
};

/** Waits until loaders are gone (bounded) and no finite animation (a dialog's transition) still runs. */
async function settle(page: Page): Promise<void> {
  // Strings: this file compiles without the DOM library.
  await page
    .waitForFunction(`!document.querySelector('.mantine-Loader-root, [aria-busy="true"]')`, undefined, {
      timeout: 8_000,
    })
    .catch(() => undefined);
  await page.evaluate(`Promise.all(
    document.getAnimations()
      .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined)),
  ).then(() => true)`);
}

const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

async function scan(page: Page): Promise<Finding[]> {
  await settle(page);
  if (!(await page.evaluate<boolean>(`typeof window.axe !== 'undefined'`))) {
    await page.addScriptTag({ content: AXE_SOURCE });
  }
  return page.evaluate<Finding[]>(`(async () => {
    const result = await window.axe.run(document, ${JSON.stringify(AXE_OPTIONS)});
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact || null,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String),
          summary: (n.failureSummary || '').split('\\n').slice(1, 2).join(' ').trim(),
        })),
      }));
  })()`);
}

function report(where: string, findings: Finding[]): string[] {
  return findings.flatMap((f) =>
    f.nodes.map((n) => `${where}: ${f.id} (${f.impact}) ${n.target.join(' ')} — ${n.summary || f.help}`),
  );
}

async function checkPage(page: Page, check: Check, problems: string[]): Promise<void> {
  await page.goto(check.path);
  await page.getByRole('main').first().waitFor({ timeout: 20_000 });
  problems.push(...report(check.path, await scan(page)));
  for (const [name, open] of Object.entries(check.dialogs ?? {})) {
    const where = `${check.path} › ${name}`;
    try {
      const opened = await open(page);
      await opened.waitFor({ state: 'visible', timeout: 10_000 });
      problems.push(...report(where, await scan(page)));
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => page.goto(check.path));
    } catch (error) {
      problems.push(`${where}: could not be opened (${(error as Error).message.split('\n')[0]})`);
      await page.goto(check.path);
    }
  }
}

async function openScannablePage() {
  // bypassCSP: axe is injected as an inline script, which the app's CSP forbids.
  const context = await app.browser.newContext({
    baseURL: app.baseUrl,
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
  });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

function expectClean(problems: string[]): void {
  if (problems.length > 0) console.error(`axe found ${problems.length} problem(s):\n${problems.join('\n')}`);
  expect(problems).toEqual([]);
}

describe('accessibility (axe-core, serious and critical)', () => {
  it('the public pages', async () => {
    const { context, page } = await openScannablePage();
    try {
      const problems: string[] = [];
      for (const path of PUBLIC_PAGES) await checkPage(page, { path }, problems);
      expectClean(problems);
    } finally {
      await context.close();
    }
  });

  for (const role of ['advertiser', 'publisher', 'admin'] as const) {
    it(`every page and dialog of the ${role}`, async () => {
      const { context, page } = await openScannablePage();
      try {
        await logIn(page, ACCOUNTS[role].email, ACCOUNTS[role].password);
        await waitForPath(page, '/dashboard');
        const problems: string[] = [];
        for (const check of ROLE_PAGES[role]) await checkPage(page, check, problems);
        expectClean(problems);
      } finally {
        await context.close();
      }
    });
  }
});
