import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeCatalogs } from './scripts/vite-locales';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), localeCatalogs('src/locales')],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // whole-app renders in jsdom share 2 cores with the API project in `npm test`: 5 s is not
          // a budget they can keep under that load, and no test here is about speed
          testTimeout: 20_000,
          // one worker keeps its module graph and jsdom from file to file: the React, Mantine and app
          // modules load once instead of per file, which halves the project's time (940 s → 460 s on
          // this machine). tests/unit/setup.ts resets what a file leaves behind (DOM, storage,
          // IndexedDB, toasts, online state, mocks).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/api/support/global-setup.ts'],
          // one worker runs every file in the same module graph: the server's modules (Fastify, Drizzle, the
          // schemas and every route) load once instead of once per file. Each file still opens apps of its
          // own on databases of its own and closes them; the API tests mock no module (vitest restores
          // spies after each file either way).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One file at a time. Each file has its own server, port, data directory and Chromium, so two can run
          // side by side (`fileParallelism: true, maxWorkers: 2`): with the built server that took the project
          // from 1,658 s (one at a time, tsx) to 1,023 s on a 2-core machine other jobs kept at load ~10–17, but
          // under that load a11y's admin test (12 pages, 5 dialogs) once ran past its 120 s. Measure on an idle
          // CI machine before switching.
          fileParallelism: false,
          globalSetup: ['tests/e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
