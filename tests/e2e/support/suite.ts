import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { startNetworkCable, type NetworkCable } from './network-cable';
import { startServer, type RunningServer, type ServerOptions } from './server';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-results/e2e');

export interface E2eSuite {
  /** Where the browser finds the app: the server, or the network cable in front of it. */
  readonly baseUrl: string;
  readonly server: RunningServer;
  /**
   * Only with `networkCable: true`: the browser goes offline (its emulation says so) and the cable is
   * unplugged, so no request reaches the server; `goOnline` undoes both.
   */
  goOffline(context: BrowserContext): Promise<void>;
  goOnline(context: BrowserContext): Promise<void>;
  /** Only with `networkCable: true`: unplugged alone, the browser still says it is online. */
  readonly cable: NetworkCable;
  readonly browser: Browser;
  /** A fresh browser context (own storage) for the current test; closed when the test ends. */
  openPage(): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One real server and one Chromium per test file. Each test gets its own browser context; on failure
 * a screenshot goes to test-results/e2e/ and the server's log tail is printed.
 */
export function useE2e({
  networkCable = false,
  ...options
}: ServerOptions & { networkCable?: boolean } = {}): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let cable: NetworkCable | undefined;

  beforeAll(async () => {
    server = await startServer(options);
    if (networkCable) cable = await startNetworkCable(server.baseUrl);
    browser = await launchBrowser();
  });

  const theCable = () => {
    if (!cable) throw new Error('no network cable: useE2e({ networkCable: true })');
    return cable;
  };

  afterAll(async () => {
    await browser?.close();
    await cable?.close();
    await server?.stop();
  });

  const suite: E2eSuite = {
    get baseUrl() {
      return cable?.url ?? suite.server.baseUrl;
    },
    get cable() {
      return theCable();
    },
    goOffline: (context) => theCable().goOffline(context),
    goOnline: (context) => theCable().goOnline(context),
    get server() {
      if (!server) throw new Error('server not started (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('browser not launched (beforeAll failed?)');
      return browser;
    },
    async openPage() {
      const opened = await newPage(suite.browser, suite.baseUrl);
      const consoleErrors: string[] = [];
      opened.page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      opened.page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
      onTestFinished(async (context) => {
        if (context.task.result?.state === 'fail') {
          await mkdir(ARTIFACTS, { recursive: true });
          const file = path.join(ARTIFACTS, `${context.task.name.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`);
          await opened.page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          console.error(
            [
              `e2e failure in "${context.task.name}" at ${opened.page.url()}`,
              `screenshot: ${file}`,
              `browser console errors:\n${consoleErrors.slice(-20).join('\n') || '(none)'}`,
              `server log tail:\n${suite.server.output().slice(-4000) || '(empty)'}`,
            ].join('\n'),
          );
        }
        await opened.context.close();
      });
      return opened;
    },
  };
  return suite;
}
