import { createContext, useContext, useSyncExternalStore } from 'react';
import { httpStatus } from '../../../lib/api-client';
import { clearToken, getToken, setToken } from '../../../lib/token-storage';
import { getMe } from '../api/get-me';
import type { User } from '../types';
import { clearCachedUser, getCachedUser, setCachedUser } from './cached-user';
import { currentLanguage, isLanguage, setLanguage } from '../../../lib/i18n';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** 'loading' while the stored token's user is being fetched at start. */
  status: 'loading' | 'ready';
  /** The start-up load failed for another reason than 401/403 and no saved user: the token is kept. */
  loadFailed: boolean;
  /**
   * /auth/me could not be reached, so `user` is the one saved on this device (the app works offline);
   * `revalidate()` asks again once the connection is back, and a 401 then still signs out.
   */
  fromCache: boolean;
}

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Loads the current user for the stored token (once; later calls share the first load). */
  load(): Promise<void>;
  retryLoad(): Promise<void>;
  /** Re-reads the user in the background (no loading state) after starting from the saved one. */
  revalidate(): Promise<void>;
  setSession(token: string, user: User): void;
  setUser(user: User): void;
  clear(): void;
}

/** No answer at all (offline, unreachable, timed out) or a server failure: the saved user may stand in. */
function isUnreachable(error: unknown): boolean {
  const status = httpStatus(error);
  return status === undefined || status >= 500;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function createAuthStore(fetchMe: () => Promise<User> = getMe): AuthStore {
  const initialToken = getToken();
  if (!initialToken) clearCachedUser();
  let state: AuthState = {
    token: initialToken,
    // Known before /auth/me answers, so the user's persisted cache can be restored meanwhile.
    user: initialToken ? getCachedUser() : null,
    status: initialToken ? 'loading' : 'ready',
    loadFailed: false,
    fromCache: false,
  };
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<AuthState>) => {
    // The profile's language is the UI's (and this device's, so the next start opens in it).
    const language = patch.user?.language;
    if (isLanguage(language) && language !== currentLanguage()) void setLanguage(language, true);
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  const clear = () => {
    clearToken();
    clearCachedUser();
    set({ token: null, user: null, status: 'ready', loadFailed: false, fromCache: false });
  };

  const startFromSavedUser = (): boolean => {
    const saved = getCachedUser();
    if (!saved) return false;
    set({ user: saved, status: 'ready', loadFailed: false, fromCache: true });
    return true;
  };

  const fetchUser = (token: string) =>
    fetchMe().then(
      (user) => {
        // A logout or a new login while loading wins over this older answer.
        if (state.token !== token) return;
        setCachedUser(user);
        // The saved user the app already shows, unchanged: the same object, so nothing re-renders for it.
        const same = state.user !== null && JSON.stringify(state.user) === JSON.stringify(user);
        set({ user: same ? state.user : user, status: 'ready', loadFailed: false, fromCache: false });
      },
      (error: unknown) => {
        if (state.token !== token) return;
        const status = httpStatus(error);
        if (status === 401 || status === 403) clear();
        else if (!(isUnreachable(error) && startFromSavedUser())) {
          set({ user: null, status: 'ready', loadFailed: true, fromCache: false });
        }
      },
    );

  const load = () => {
    if (loading) return loading;
    const token = state.token;
    if (!token) {
      if (state.status !== 'ready') set({ status: 'ready' });
      loading = Promise.resolve();
      return loading;
    }
    // Offline there is no point waiting for the request to fail: start with the saved user, check later.
    if (browserOffline() && startFromSavedUser()) {
      loading = Promise.resolve();
      return loading;
    }
    if (state.status !== 'loading') set({ status: 'loading', loadFailed: false });
    loading = fetchUser(token);
    return loading;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load,
    retryLoad() {
      loading = null;
      return load();
    },
    revalidate() {
      const token = state.token;
      if (!token || !state.fromCache) return Promise.resolve();
      return fetchUser(token);
    },
    setSession(token, user) {
      setToken(token);
      setCachedUser(user);
      loading = Promise.resolve();
      set({ token, user, status: 'ready', loadFailed: false, fromCache: false });
    },
    setUser(user) {
      setCachedUser(user);
      set({ user });
    },
    clear,
  };
}

export const AuthStoreContext = createContext<AuthStore | null>(null);

export function useAuthStore(): AuthStore {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuthStore must be used inside <AuthProvider>');
  return store;
}

export function useAuth(): AuthState {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/**
 * One value of the auth state (`select` returns a primitive or an object of the state itself): a
 * component using it re-renders when that value changes, not on every store update. A store update
 * re-renders synchronously; above the signed-in shell, while the shell's first (background) render was
 * under way, /auth/me's answer turned it into one synchronous render of the whole shell.
 */
export function useAuthSelector<T>(select: (state: AuthState) => T): T {
  const store = useAuthStore();
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

const selectUser = (state: AuthState) => state.user;

/** Only the user: re-renders when the user changes, not when /auth/me merely confirms the saved one. */
export function useAuthUser(): User | null {
  return useAuthSelector(selectUser);
}
