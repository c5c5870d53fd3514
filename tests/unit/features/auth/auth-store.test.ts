import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthStore } from '../../../../src/features/auth/stores/auth-store';
import { needsOnboarding } from '../../../../src/features/auth/utils/needs-onboarding';
import { setApiNavigator } from '../../../../src/lib/api-client';
import { TOKEN_STORAGE_KEY } from '../../../../src/lib/token-storage';
import { installFakeServer } from '../../support/fake-server';
import { makeUser } from '../../support/users';

describe('auth store start-up', () => {
  beforeEach(() => setApiNavigator(() => {}));

  it('without a stored token is ready at once and makes no call', async () => {
    const server = installFakeServer();
    const store = createAuthStore();
    expect(store.getState()).toMatchObject({ token: null, user: null, status: 'ready' });
    await store.load();
    expect(server.requests).toHaveLength(0);
  });

  it('with a stored token loads the current user', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const user = makeUser();
    const server = installFakeServer().on('GET', '/auth/me', { status: 200, body: user });
    const store = createAuthStore();
    expect(store.getState().status).toBe('loading');

    await store.load();

    expect(store.getState()).toMatchObject({ token: 'tok', user, status: 'ready' });
    expect(server.callsTo('GET', '/auth/me')[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it.each([401, 403])('clears token and user when the load answers %i', async (status) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    installFakeServer().on('GET', '/auth/me', { status, body: { detail: 'nope' } });
    const store = createAuthStore();

    await store.load();

    expect(store.getState()).toMatchObject({ token: null, user: null, status: 'ready' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the token but stops loading on other errors', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    installFakeServer().on('GET', '/auth/me', { status: 500, body: { detail: 'db down' } });
    const store = createAuthStore();

    await store.load();

    expect(store.getState()).toMatchObject({ token: 'tok', user: null, status: 'ready', loadFailed: true });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
  });

  it('stores the token on sign-in and forgets it on logout', () => {
    installFakeServer();
    const store = createAuthStore();
    store.setSession('new-token', makeUser());
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    store.clear();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store.getState().user).toBeNull();
  });
});

describe('needsOnboarding', () => {
  it('is needed until onboarding is completed and the profile is complete', () => {
    expect(needsOnboarding(makeUser())).toBe(false);
    expect(needsOnboarding(makeUser({ onboarding_completed: false }))).toBe(true);
    expect(needsOnboarding(makeUser({ profile_completion_status: 'incomplete' }))).toBe(true);
  });
});
