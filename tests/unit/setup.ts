import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import { afterAll, afterEach, vi } from 'vitest';
import { setLanguage } from '../../src/lib/i18n';

// The UI's texts: English, as a browser set to English gets them.
await setLanguage('en');

// findBy*/waitFor give up after 1 s by default; rendering a lazy route on two busy CI cores (the unit pass
// runs beside the PostgreSQL pass) took over 5 s here, within the 20 s test timeout. Waiting longer
// changes no assertion, it only stops slow machines from failing good code.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
// Textarea autosize listens for web-font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  // Mantine's portals share one node it appends to the body and leaves there, empty, after they unmount; it
  // makes a new one when the next portal needs it (Portal.mjs checks the body still holds it)
  for (const node of document.querySelectorAll('[data-mantine-shared-portal-node]')) node.remove();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

// The frame clock every transition waits for: a file that fakes or stubs it and restores it in the wrong order
// must not leave the next file (same worker, vitest.config.ts) with frames that never come.
type FrameClock = Pick<Window, 'requestAnimationFrame' | 'cancelAnimationFrame'>;
const saved = globalThis as { __affilioFrameClock?: FrameClock };
saved.__affilioFrameClock ??= {
  requestAnimationFrame: window.requestAnimationFrame,
  cancelAnimationFrame: window.cancelAnimationFrame,
};
afterAll(() => {
  Object.assign(window, saved.__affilioFrameClock);
});

// The app's online state is one shared object: a test that found no network (which takes the app
// offline, src/lib/offline/online-status.ts) must not leave the next test offline.
afterEach(() => {
  onlineManager.setOnline(true);
});

// Toasts live in one module-level store: a toast shown at the end of one test would still be an alert
// in the next one's render.
afterEach(() => {
  notifications.clean();
});

// Test files share one worker without isolation (vitest.config.ts): what a file saved in IndexedDB (rates,
// the offline queue, the persisted query cache) must not be what the next file's app finds on "its" device.
// Each database is emptied store by store (deleting it would wait on the connections the app keeps open);
// a database that does not answer within a few seconds is left as it is rather than holding up the run.
const realSetTimeout = globalThis.setTimeout;

function clearDatabase(name: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const open = indexedDB.open(name);
    open.onerror = () => reject(open.error ?? new Error(`cannot open ${name}`));
    open.onsuccess = () => {
      const db = open.result;
      const stores = [...db.objectStoreNames];
      if (stores.length === 0) {
        db.close();
        resolve();
        return;
      }
      const tx = db.transaction(stores, 'readwrite');
      for (const store of stores) tx.objectStore(store).clear();
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error ?? new Error(`cannot clear ${name}`));
    };
  });
}

afterAll(async () => {
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const gaveUp = new Promise<'gave up'>((resolve) => realSetTimeout(() => resolve('gave up'), 3_000));
    if ((await Promise.race([clearDatabase(name), gaveUp])) === 'gave up') {
      console.warn(`IndexedDB "${name}" did not answer; left as it is`);
    }
  }
});
