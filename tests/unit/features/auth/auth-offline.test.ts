import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHED_USER_STORAGE_KEY } from '../../../../src/features/auth/stores/cached-user';
import { createAuthStore } from '../../../../src/features/auth/stores/auth-store';
import { setApiNavigator } from '../../../../src/lib/api-client';
import { TOKEN_STORAGE_KEY } from '../../../../src/lib/token-storage';
import { installFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/users';

let browserOnline = true;

beforeEach(() => {
  browserOnline = true;
  setApiNavigator(() => {});
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => browserOnline);
});
afterEach(() => vi.restoreAllMocks());

/** A device where `user` signed in before: the token and the user /auth/me last answered. */
function signedInBefore(user = makeUser()) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  localStorage.setItem(CACHED_USER_STORAGE_KEY, JSON.stringify(user));
  return user;
}

describe('starting without a connection', () => {
  it('knows the saved user before /auth/me answers (to restore their cache)', () => {
    const user = signedInBefore();
    installFakeServer();
    expect(createAuthStore().getState()).toMatchObject({ status: 'loading', user: { id: user.id } });
  });

  it.each([
    ['a network error', { networkError: true } as const],
    ['a timeout', { timeout: true } as const],
    ['a server failure', { status: 502 }],
  ])('falls back to the saved user on %s, keeping the token', async (_name, reply) => {
    const user = signedInBefore();
    installFakeServer().on('GET', '/auth/me', reply);
    const store = createAuthStore();
    await store.load();
    expect(store.getState()).toMatchObject({ token: 'tok', user, status: 'ready', fromCache: true });
    expect(store.getState().loadFailed).toBe(false);
  });

  it('does not wait for a request when the browser knows it is offline', async () => {
    const user = signedInBefore();
    browserOnline = false;
    const server = installFakeServer();
    const store = createAuthStore();
    await store.load();
    expect(store.getState()).toMatchObject({ user, status: 'ready', fromCache: true });
    expect(server.requests).toHaveLength(0);
  });

  it('still shows the load failure when no user was ever saved on this device', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    installFakeServer().on('GET', '/auth/me', { networkError: true });
    const store = createAuthStore();
    await store.load();
    expect(store.getState()).toMatchObject({ user: null, loadFailed: true, fromCache: false });
  });

  it.each([401, 403])('signs out on %i, never falling back to the saved user', async (status) => {
    signedInBefore();
    installFakeServer().on('GET', '/auth/me', { status, body: { detail: 'revoked' } });
    const store = createAuthStore();
    await store.load();
    expect(store.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem(CACHED_USER_STORAGE_KEY)).toBeNull();
  });

  it('asks again on reconnect: a fresh user replaces the saved one, a 401 then signs out', async () => {
    const user = signedInBefore(makeUser({ name: 'Saved name' }));
    const server = installFakeServer().on('GET', '/auth/me', { networkError: true });
    const store = createAuthStore();
    await store.load();
    expect(store.getState().fromCache).toBe(true);

    server.on('GET', '/auth/me', { status: 200, body: { ...user, name: 'Fresh name' } });
    await store.revalidate();
    expect(store.getState()).toMatchObject({
      user: { name: 'Fresh name' },
      fromCache: false,
      status: 'ready',
    });
    expect(JSON.parse(localStorage.getItem(CACHED_USER_STORAGE_KEY)!).name).toBe('Fresh name');

    const second = createAuthStore();
    server.on('GET', '/auth/me', { networkError: true });
    await second.load();
    server.on('GET', '/auth/me', { status: 401, body: { detail: 'Session is no longer valid' } });
    await second.revalidate();
    expect(second.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('saves the user on sign-in and forgets it on sign-out', () => {
    installFakeServer();
    const store = createAuthStore();
    const user = makeUser();
    store.setSession('t', user);
    expect(JSON.parse(localStorage.getItem(CACHED_USER_STORAGE_KEY)!)).toEqual(user);
    store.clear();
    expect(localStorage.getItem(CACHED_USER_STORAGE_KEY)).toBeNull();
  });
});
