import { useEffect, useState, type ReactNode } from 'react';
import { onUnauthorized } from '../../../lib/api-client';
import { AuthStoreContext, createAuthStore, type AuthStore } from '../stores/auth-store';

interface AuthProviderProps {
  children: ReactNode;
  store?: AuthStore;
}

/** Back online after starting from the saved user (or failing to load one): ask the server again. */
function recheckWhenOnline(store: AuthStore): () => void {
  const onOnline = () => {
    const { fromCache, loadFailed } = store.getState();
    if (fromCache) void store.revalidate();
    else if (loadFailed) void store.retryLoad();
  };
  window.addEventListener('online', onOnline);
  return () => window.removeEventListener('online', onOnline);
}

export function AuthProvider({ children, store: given }: AuthProviderProps) {
  const [store] = useState(() => given ?? createAuthStore());

  useEffect(() => {
    void store.load();
    const stopRecheck = recheckWhenOnline(store);
    // A 401 anywhere has already cleared the stored token; forget the user too.
    const stopUnauthorized = onUnauthorized(() => store.clear());
    return () => {
      stopRecheck();
      stopUnauthorized();
    };
  }, [store]);

  return <AuthStoreContext.Provider value={store}>{children}</AuthStoreContext.Provider>;
}
