import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { startServer, type RunningServer, type ServerOptions } from './server';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../test-results/e2e');

export interface E2eSuite {
  readonly baseUrl: string;
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh browser context (own storage) for the current test; closed when the test ends. */
  openPage(): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One real server and one Chromium per test file. Each test gets its own browser context; on failure
 * a screenshot goes to test-results/e2e/ and the server's log tail is printed.
 */
export function useE2e(options: ServerOptions = {}): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const suite: E2eSuite = {
    get baseUrl() {
      return suite.server.baseUrl;
    },
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
