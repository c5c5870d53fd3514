import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useServiceWorkerNavigation } from '../../../../src/app/pwa/service-worker-navigation';

// A notification click on a window the worker cannot navigate becomes a NAVIGATE message (sw/notification-click.ts).
let worker: EventTarget;

beforeEach(() => {
  worker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const post = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }));

describe('navigation requested by the service worker', () => {
  it('routes same-origin targets in-app with path, query and hash', () => {
    const onNavigate = vi.fn();
    renderHook(() => useServiceWorkerNavigation(onNavigate));

    post({ type: 'NAVIGATE', url: `${window.location.origin}/conversation=c-42` });
    post({ type: 'NAVIGATE', url: `${window.location.origin}/campaigns?status=active#top` });

    expect(onNavigate.mock.calls).toEqual([['/conversation=c-42'], ['/campaigns?status=active#top']]);
  });

  it('ignores foreign origins and other messages, and stops listening when unmounted', () => {
    const onNavigate = vi.fn();
    const { unmount } = renderHook(() => useServiceWorkerNavigation(onNavigate));

    post({ type: 'NAVIGATE', url: 'https://evil.example/phish' });
    post({ type: 'push-received' });
    post({ type: 'NAVIGATE' });
    unmount();
    post({ type: 'NAVIGATE', url: `${window.location.origin}/dashboard` });

    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('uses the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(({ go }) => useServiceWorkerNavigation(go), {
      initialProps: { go: first },
    });
    rerender({ go: second });
    post({ type: 'NAVIGATE', url: `${window.location.origin}/applications` });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('/applications');
  });
});
