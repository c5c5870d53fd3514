// Runs under the unit project's jsdom (tests/unit/setup.ts needs `window`); the worker code only needs URL,
// and tsconfig.sw.json (WebWorker lib, no DOM) keeps it from touching window.
import { describe, expect, it, vi, type Mock } from 'vitest';
import {
  handleNotificationClick,
  resolveTargetUrl,
  type ClientsLike,
  type NotificationClickEventLike,
  type WindowClientLike,
} from '../../../sw/notification-click';

const ORIGIN = 'https://affilio.example';

function clickEvent(data: unknown) {
  const waited: Promise<unknown>[] = [];
  const close = vi.fn();
  const event: NotificationClickEventLike = {
    notification: { data, close },
    waitUntil: (promise) => void waited.push(promise),
  };
  return { event, close, waited };
}

type FakeClient = WindowClientLike & {
  focus: Mock<() => Promise<unknown>>;
  navigate?: Mock<(url: string) => Promise<unknown>>;
  postMessage: Mock<(message: unknown) => void>;
};

function windowClient(url: string, overrides: Partial<FakeClient> = {}): FakeClient {
  return {
    url,
    focused: false,
    focus: vi.fn((): Promise<unknown> => Promise.resolve()),
    navigate: vi.fn((target: string): Promise<unknown> => Promise.resolve({ url: target })),
    postMessage: vi.fn((_message: unknown) => {}),
    ...overrides,
  };
}

function fakeClients(windows: WindowClientLike[]) {
  const clients = {
    matchAll: vi.fn((_options: { type: 'window'; includeUncontrolled: boolean }) => Promise.resolve(windows)),
    openWindow: vi.fn((_url: string) => Promise.resolve(null)),
  } satisfies ClientsLike;
  return clients;
}

describe('resolveTargetUrl', () => {
  it.each([
    [{ type: 'message', id: 42 }, '/conversation=42'],
    [{ type: 'message', id: 'abc-1' }, '/conversation=abc-1'],
    [{ type: 'message' }, '/messaging'],
    [{ type: 'campaign', id: 3 }, '/campaigns'],
    [{ type: 'application', id: 9 }, '/applications'],
    [{ type: 'payout' }, '/dashboard'],
    [{}, '/dashboard'],
    [undefined, '/dashboard'],
    [null, '/dashboard'],
    ['not-an-object', '/dashboard'],
  ])('routes %j to %s', (data, path) => {
    expect(resolveTargetUrl(data, ORIGIN)).toBe(`${ORIGIN}${path}`);
  });

  it('keeps the spec routes of messages, campaigns and applications whatever url they carry', () => {
    expect(resolveTargetUrl({ type: 'campaign', id: 7, url: '/campaigns/7?tab=stats' }, ORIGIN)).toBe(
      `${ORIGIN}/campaigns`,
    );
    expect(resolveTargetUrl({ type: 'message', id: 'c-9', url: '/messaging' }, ORIGIN)).toBe(
      `${ORIGIN}/conversation=c-9`,
    );
    expect(resolveTargetUrl({ type: 'application', url: 'https://evil.example/phish' }, ORIGIN)).toBe(
      `${ORIGIN}/applications`,
    );
  });

  it('opens the in-app link of other notifications, on our own origin only', () => {
    expect(resolveTargetUrl({ type: 'payout', url: '/commissions?tab=payouts' }, ORIGIN)).toBe(
      `${ORIGIN}/commissions?tab=payouts`,
    );
    expect(resolveTargetUrl({ url: `${ORIGIN}/reports` }, ORIGIN)).toBe(`${ORIGIN}/reports`);
    expect(resolveTargetUrl({ type: 'payout', url: 'https://evil.example/phish' }, ORIGIN)).toBe(
      `${ORIGIN}/dashboard`,
    );
    expect(resolveTargetUrl({ url: '//evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
    expect(resolveTargetUrl({ url: 'http://[bad' }, ORIGIN)).toBe(`${ORIGIN}/dashboard`);
  });
});

describe('handleNotificationClick', () => {
  it('closes the notification and opens a window when none of ours is open', async () => {
    const { event, close, waited } = clickEvent({ type: 'campaign' });
    const clients = fakeClients([windowClient('https://other.example/')]);

    const done = handleNotificationClick(event, clients, ORIGIN);

    expect(close).toHaveBeenCalledTimes(1);
    expect(waited).toEqual([done]);
    await done;
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/campaigns`);
  });

  it('focuses an existing app window and navigates it', async () => {
    const { event } = clickEvent({ type: 'message', id: 5 });
    const app = windowClient(`${ORIGIN}/dashboard`);
    const clients = fakeClients([app]);

    await handleNotificationClick(event, clients, ORIGIN);

    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/conversation=5`);
    expect(app.postMessage).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('prefers the focused app window over others', async () => {
    const { event } = clickEvent({});
    const background = windowClient(`${ORIGIN}/reports`);
    const focused = windowClient(`${ORIGIN}/campaigns`, { focused: true });
    const clients = fakeClients([background, focused]);

    await handleNotificationClick(event, clients, ORIGIN);

    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard`);
    expect(background.navigate).not.toHaveBeenCalled();
  });

  it('does not reload a window that already shows the target', async () => {
    const { event } = clickEvent({ type: 'application' });
    const app = windowClient(`${ORIGIN}/applications`);

    await handleNotificationClick(event, fakeClients([app]), ORIGIN);

    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).not.toHaveBeenCalled();
    expect(app.postMessage).not.toHaveBeenCalled();
  });

  it('asks the page to navigate when navigate() is unavailable', async () => {
    const { event } = clickEvent({ type: 'campaign' });
    const app = windowClient(`${ORIGIN}/dashboard`, { navigate: undefined });

    await handleNotificationClick(event, fakeClients([app]), ORIGIN);

    expect(app.postMessage).toHaveBeenCalledWith({ type: 'NAVIGATE', url: `${ORIGIN}/campaigns` });
  });

  it('asks the page to navigate when navigate() fails or yields no client', async () => {
    const rejecting = windowClient(`${ORIGIN}/dashboard`, {
      navigate: vi.fn((_url: string): Promise<unknown> => Promise.reject(new TypeError('not controlled'))),
    });
    await handleNotificationClick(clickEvent({ url: '/reports' }).event, fakeClients([rejecting]), ORIGIN);
    expect(rejecting.postMessage).toHaveBeenCalledWith({ type: 'NAVIGATE', url: `${ORIGIN}/reports` });

    const nulling = windowClient(`${ORIGIN}/dashboard`, {
      navigate: vi.fn((_url: string): Promise<unknown> => Promise.resolve(null)),
    });
    await handleNotificationClick(clickEvent({ url: '/reports' }).event, fakeClients([nulling]), ORIGIN);
    expect(nulling.postMessage).toHaveBeenCalledWith({ type: 'NAVIGATE', url: `${ORIGIN}/reports` });
  });

  it('still navigates when focusing is refused', async () => {
    const app = windowClient(`${ORIGIN}/dashboard`, {
      focus: vi.fn((): Promise<unknown> => Promise.reject(new Error('not allowed'))),
    });

    await handleNotificationClick(clickEvent({ type: 'campaign' }).event, fakeClients([app]), ORIGIN);

    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/campaigns`);
  });
});
