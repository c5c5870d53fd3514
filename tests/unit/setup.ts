import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, vi } from 'vitest';
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
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
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
