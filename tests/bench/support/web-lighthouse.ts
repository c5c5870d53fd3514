// One Lighthouse 12 run (mobile defaults: emulated phone, simulated slow 4G and 4× CPU slowdown) on a
// page of the running app, in a fresh Chromium profile. A signed-in page gets the user's token (and the
// cached user, as after a sign-in) put in localStorage the way the app stores them, from a page of the
// same origin that does not run the app, so no service worker or query cache exists before the run.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../e2e/support/browser';
import { CATEGORIES, TARGETS, verdicts, type Category, type PageAudit } from './web-scores';
import { longTaskBlocking, type TraceEvent } from './trace-events';
import { storeSession, type SignedIn } from './web-session';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Lighthouse's settings for every run: a saved load (BENCH_WEB_ARTIFACTS) can only be audited again with
 * the settings it was gathered with (tests/bench/web-what-if.ts).
 */
export const LIGHTHOUSE_SETTINGS: Flags = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: [...CATEGORIES],
  // The profile is fresh; a reset would also drop the session put there before the run.
  disableStorageReset: true,
};

/** The session put into the fresh profile Lighthouse is about to drive (support/web-session.ts). */
async function putSession(port: number, origin: string, session: SignedIn): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await storeSession(page, origin, session);
    await page.close();
  } finally {
    // Over CDP this only disconnects; Lighthouse drives the same Chromium next.
    await browser.close();
  }
}

function failingAudits(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .sort((a, b) => (a.audit!.score ?? 0) - (b.audit!.score ?? 0))
    .map(({ ref, audit }) => {
      const value = audit!.displayValue ? ` ${audit!.displayValue}` : '';
      return `${ref.id} (${Math.round((audit!.score ?? 0) * 100)})${value}`;
    });
}

export async function auditPage(
  name: string,
  url: string,
  options: { session?: SignedIn; reportDir?: string; artifactsDir?: string } = {},
): Promise<PageAudit> {
  const artifacts = options.artifactsDir && path.join(options.artifactsDir, name);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (options.session) await putSession(chrome.port, new URL(url).origin, options.session);
    const result = await lighthouse(url, {
      ...LIGHTHOUSE_SETTINGS,
      port: chrome.port,
      // the recorded load (trace, network log) kept in artifactsDir/<name>/ for tests/bench/web-what-if.ts
      ...(artifacts && { gatherMode: artifacts, auditMode: artifacts }),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    if (options.reportDir) {
      await mkdir(options.reportDir, { recursive: true });
      await writeFile(path.join(options.reportDir, `${name}.report.json`), JSON.stringify(lhr));
    }
    const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    // The recorded load's long tasks: Lighthouse counts each one's whole length, waits included.
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    const blocking = trace && longTaskBlocking(trace.traceEvents);
    return {
      name,
      url,
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
      },
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
        transferred: metric('total-byte-weight'),
        ...(blocking && {
          'long tasks after FCP': `${Math.round(blocking.byLength)} ms (on the CPU ${Math.round(blocking.byCpu)} ms)`,
        }),
      },
      failing: {
        performance: failingAudits(lhr, 'performance'),
        accessibility: failingAudits(lhr, 'accessibility'),
        'best-practices': failingAudits(lhr, 'best-practices'),
      },
    };
  } finally {
    chrome.kill();
  }
}

/** Prints one page's line and, under it, what keeps a category below its target. */
export function printPageAudit(audit: PageAudit): boolean {
  console.log(`  ${audit.name.padEnd(22)} ${verdicts(audit.scores)}`);
  console.log(
    `  ${''.padEnd(22)} ${Object.entries(audit.metrics)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  let pass = true;
  for (const category of CATEGORIES) {
    if (audit.scores[category] >= TARGETS[category]) continue;
    pass = false;
    const list = audit.failing[category];
    if (list.length > 0)
      console.log(`  ${''.padEnd(22)} ${category} below 1: ${list.slice(0, 8).join('; ')}`);
  }
  return pass;
}
