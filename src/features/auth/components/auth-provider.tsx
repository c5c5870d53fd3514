import { useEffect, useState, type ReactNode } from 'react';
import { onUnauthorized } from '../../../lib/api-client';
import { AuthStoreContext, createAuthStore, type AuthStore } from '../stores/auth-store';

interface AuthProviderProps {
  children: ReactNode;
  store?: AuthStore;
}

export function AuthProvider({ children, store: given }: AuthProviderProps) {
  const [store] = useState(() => given ?? createAuthStore());

  useEffect(() => {
    void store.load();
    // A 401 anywhere has already cleared the stored token; forget the user too.
    return onUnauthorized(() => store.clear());
  }, [store]);

  return <AuthStoreContext.Provider value={store}>{children}</AuthStoreContext.Provider>;
}
