import { useCallback, useSyncExternalStore } from 'react';
import { useAuth } from '../../features/auth/stores/auth-store';
import { useAdminSettings } from '../../features/settings/api/get-admin-settings';
import {
  getStoredCurrency,
  resolveEffectiveCurrency,
  setStoredCurrency,
  subscribeStoredCurrency,
  type CurrencyCode,
} from '../../lib/currency';

/**
 * Display currency: the user's choice (this device's per-user choice, else the preferred currency on
 * their account), else the admin default (only admins may read it), else USD.
 */
export function useEffectiveCurrency(): {
  currency: CurrencyCode;
  setCurrency: (currency: CurrencyCode | null) => void;
} {
  const { user } = useAuth();
  const userId = user?.id;
  const adminSettings = useAdminSettings({ enabled: user?.role === 'admin' });
  const readChoice = useCallback(() => (userId ? getStoredCurrency(userId) : null), [userId]);
  const stored = useSyncExternalStore(subscribeStoredCurrency, readChoice, readChoice);
  const setCurrency = useCallback(
    (currency: CurrencyCode | null) => {
      if (userId) setStoredCurrency(userId, currency);
    },
    [userId],
  );
  return {
    currency: resolveEffectiveCurrency(
      stored ?? user?.preferred_currency,
      adminSettings.data?.default_currency,
    ),
    setCurrency,
  };
}
