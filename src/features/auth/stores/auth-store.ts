import { createContext, useContext, useSyncExternalStore } from 'react';
import { httpStatus } from '../../../lib/api-client';
import { clearToken, getToken, setToken } from '../../../lib/token-storage';
import { getMe } from '../api/get-me';
import type { User } from '../types';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** 'loading' while the stored token's user is being fetched at start. */
  status: 'loading' | 'ready';
  /** The start-up load failed for another reason than 401/403: the token is kept. */
  loadFailed: boolean;
}

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Loads the current user for the stored token (once; later calls share the first load). */
  load(): Promise<void>;
  retryLoad(): Promise<void>;
  setSession(token: string, user: User): void;
  setUser(user: User): void;
  clear(): void;
}

export function createAuthStore(fetchMe: () => Promise<User> = getMe): AuthStore {
  const initialToken = getToken();
  let state: AuthState = {
    token: initialToken,
    user: null,
    status: initialToken ? 'loading' : 'ready',
    loadFailed: false,
  };
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<AuthState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };

  const clear = () => {
    clearToken();
    set({ token: null, user: null, status: 'ready', loadFailed: false });
  };

  const load = () => {
    if (loading) return loading;
    const token = state.token;
    if (!token) {
      if (state.status !== 'ready') set({ status: 'ready' });
      loading = Promise.resolve();
      return loading;
    }
    if (state.status !== 'loading') set({ status: 'loading', loadFailed: false });
    loading = fetchMe().then(
      (user) => {
        // A logout or a new login while loading wins over this older answer.
        if (state.token === token) set({ user, status: 'ready', loadFailed: false });
      },
      (error: unknown) => {
        if (state.token !== token) return;
        const status = httpStatus(error);
        if (status === 401 || status === 403) clear();
        else set({ status: 'ready', loadFailed: true });
      },
    );
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
    setSession(token, user) {
      setToken(token);
      loading = Promise.resolve();
      set({ token, user, status: 'ready', loadFailed: false });
    },
    setUser(user) {
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
