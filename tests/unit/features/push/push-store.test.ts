import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPushStore,
  initPush,
  PUSH_ERRORS,
  type PushEnvironment,
} from '../../../../src/features/push/stores/push-store';
import { installFakeServer, type FakeServer } from '../../support/fake-server';
import { fakeBrowser, fakeSubscription, keyBytes, OTHER_KEY, VAPID_KEY } from './push-fakes';

let server: FakeServer;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  server = installFakeServer()
    .on('POST', '/my/push/subscribe', ({ body }) => ({
      status: 201,
      body: {
        id: 's-1',
        endpoint: (body as { endpoint: string }).endpoint,
        user_agent: 'x',
        created_at: 'now',
      },
    }))
    .on('DELETE', '/my/push/unsubscribe', { status: 200, body: { removed: 1 } });
});

const storeFor = (env: PushEnvironment) => createPushStore(() => env);

describe('push state', () => {
  it.each([
    ['no Notification API', { ...fakeBrowser().env, notification: undefined }],
    ['no service worker', { ...fakeBrowser().env, serviceWorker: undefined }],
    ['no PushManager', { ...fakeBrowser().env, pushManager: false }],
  ])('is unsupported with %s', async (_label, env) => {
    const store = storeFor(env);
    expect(store.getState().status).toBe('unsupported');
    await store.init();
    expect(store.getState()).toMatchObject({ status: 'unsupported', initialised: true });
  });

  it.each(['default', 'denied', 'granted'] as const)('starts from the %s permission', async (permission) => {
    const store = storeFor(fakeBrowser({ permission }).env);
    await store.init();
    expect(store.getState()).toEqual({ status: permission, endpoint: null, initialised: true });
  });

  it('is subscribed at start-up when the browser already has a subscription', async () => {
    const existing = fakeSubscription('https://push.example/send/abc');
    const store = storeFor(fakeBrowser({ permission: 'granted', existing }).env);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().status));
    await store.init();
    expect(store.getState()).toEqual({
      status: 'subscribed',
      endpoint: 'https://push.example/send/abc',
      initialised: true,
    });
    expect(seen).toEqual(['subscribed']);
  });

  it('is granted but not subscribed when no service worker is registered yet', async () => {
    const store = storeFor(fakeBrowser({ permission: 'granted', registered: false }).env);
    await store.init();
    expect(store.getState().status).toBe('granted');
  });

  it('initPush only logs a failing start-up', async () => {
    const env = fakeBrowser({ permission: 'granted' }).env;
    const failure = new Error('storage broken');
    const store = storeFor({
      ...env,
      serviceWorker: { ...env.serviceWorker!, getRegistration: () => Promise.reject(failure) },
    });
    await expect(initPush(store)).resolves.toBeUndefined();
    expect(console.error).toHaveBeenCalledWith('Push initialisation failed', failure);
    expect(store.getState()).toMatchObject({ status: 'granted', initialised: true });
  });
});

describe('enabling push', () => {
  it('asks permission, subscribes with the server key and saves the subscription', async () => {
    const browser = fakeBrowser({ permission: 'default', prompt: 'granted' });
    const store = storeFor(browser.env);

    await store.enable(VAPID_KEY);

    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const [init] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(init.userVisibleOnly).toBe(true);
    expect([...(init.applicationServerKey as Uint8Array)]).toEqual([...new Uint8Array(keyBytes(VAPID_KEY))]);
    expect(server.callsTo('POST', '/my/push/subscribe')[0]?.body).toEqual({
      endpoint: 'https://push.example/send/new',
      keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
      userAgent: browser.env.userAgent,
    });
    expect(store.getState()).toMatchObject({
      status: 'subscribed',
      endpoint: 'https://push.example/send/new',
    });
  });

  it(`fails with "${PUSH_ERRORS.unsupported}" without push support`, async () => {
    const store = storeFor(fakeBrowser({ supported: false }).env);
    await expect(store.enable(VAPID_KEY)).rejects.toThrow(PUSH_ERRORS.unsupported);
    expect(store.getState().status).toBe('unsupported');
  });

  it(`fails with "${PUSH_ERRORS.denied}" when the user blocks the prompt`, async () => {
    const browser = fakeBrowser({ permission: 'default', prompt: 'denied' });
    const store = storeFor(browser.env);
    await expect(store.enable(VAPID_KEY)).rejects.toThrow(PUSH_ERRORS.denied);
    expect(store.getState().status).toBe('denied');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.callsTo('POST', '/my/push/subscribe')).toHaveLength(0);
  });

  it(`fails with "${PUSH_ERRORS.notGranted}" when the prompt is dismissed`, async () => {
    const browser = fakeBrowser({ permission: 'default', prompt: 'default' });
    const store = storeFor(browser.env);
    await expect(store.enable(VAPID_KEY)).rejects.toThrow(PUSH_ERRORS.notGranted);
    expect(store.getState().status).toBe('default');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it(`fails with "${PUSH_ERRORS.saveFailed}" when the server does not store it`, async () => {
    server.on('POST', '/my/push/subscribe', { status: 500, body: { detail: 'db down' } });
    const store = storeFor(fakeBrowser({ permission: 'granted' }).env);
    await expect(store.enable(VAPID_KEY)).rejects.toThrow(PUSH_ERRORS.saveFailed);
    expect(store.getState()).toMatchObject({ status: 'granted', endpoint: null });
  });

  it("says what to do when the browser refuses to subscribe, with the browser's words", async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    // (a DOMException in a browser, where it is an Error)
    browser.pushManager.subscribe.mockRejectedValueOnce(new Error('Registration failed - permission denied'));
    const store = storeFor(browser.env);
    const failure = store.enable(VAPID_KEY);
    await expect(failure).rejects.toThrow(
      /^This browser could not set up push notifications \(Registration failed - permission denied\)\. Push needs the site on HTTPS/,
    );
    expect(store.getState()).toMatchObject({ status: 'granted', endpoint: null });
    expect(server.callsTo('POST', '/my/push/subscribe')).toHaveLength(0);
  });

  it('reuses a subscription made for the same key without asking again', async () => {
    const existing = fakeSubscription('https://push.example/send/abc');
    const browser = fakeBrowser({ permission: 'granted', existing });
    await storeFor(browser.env).enable(VAPID_KEY);
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(existing.unsubscribe).not.toHaveBeenCalled();
    expect(server.callsTo('POST', '/my/push/subscribe')[0]?.body).toMatchObject({
      endpoint: 'https://push.example/send/abc',
    });
  });

  it('replaces a subscription made for another server key', async () => {
    const existing = fakeSubscription('https://push.example/send/old', OTHER_KEY);
    const browser = fakeBrowser({ permission: 'granted', existing });
    const store = storeFor(browser.env);
    await store.enable(VAPID_KEY);
    expect(existing.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(store.getState().endpoint).toBe('https://push.example/send/new');
  });
});

describe('disabling push', () => {
  it('removes the subscription on the server and in the browser', async () => {
    const existing = fakeSubscription('https://push.example/send/abc');
    const store = storeFor(fakeBrowser({ permission: 'granted', existing }).env);
    await store.init();

    await store.disable();

    expect(server.callsTo('DELETE', '/my/push/unsubscribe')[0]?.body).toEqual({
      endpoint: 'https://push.example/send/abc',
    });
    expect(existing.unsubscribe).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ status: 'granted', endpoint: null });
  });

  it('still unsubscribes the browser when the server cannot be told', async () => {
    server.on('DELETE', '/my/push/unsubscribe', { networkError: true });
    const existing = fakeSubscription('https://push.example/send/abc');
    const store = storeFor(fakeBrowser({ permission: 'granted', existing }).env);
    await store.disable();
    expect(existing.unsubscribe).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('granted');
  });
});
