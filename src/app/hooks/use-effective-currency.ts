import { useCallback, useSyncExternalStore } from 'react';
import { useAuthUser } from '../../features/auth/stores/auth-store';
import { useAdminSettings } from '../../features/settings/api/get-admin-settings';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import {
  getStoredCurrency,
  resolveEffectiveCurrency,
  setStoredCurrency,
  subscribeStoredCurrency,
  type CurrencyCode,
} from '../../lib/currency';
import { updateUiPreferences } from '../../lib/ui-preferences';

/**
 * Display currency: the user's choice (this device's per-user choice, else the preferred currency on
 * their account), else the admin default, else USD. Only admins may read the admin settings (spec §6);
 * everyone else learns the default currency from GET /settings/public. The header switcher and
 * /settings both set the choice here, and every figure follows at once.
 */
export function useEffectiveCurrency(): {
  currency: CurrencyCode;
  setCurrency: (currency: CurrencyCode | null) => void;
} {
  const user = useAuthUser();
  const userId = user?.id;
  const isAdmin = user?.role === 'admin';
  const adminSettings = useAdminSettings({ enabled: isAdmin });
  const publicSettings = usePublicSettings({ enabled: Boolean(user) && !isAdmin });
  const adminDefault = isAdmin ? adminSettings.data?.default_currency : publicSettings.data?.default_currency;
  const readChoice = useCallback(() => (userId ? getStoredCurrency(userId) : null), [userId]);
  const stored = useSyncExternalStore(subscribeStoredCurrency, readChoice, readChoice);
  const setCurrency = useCallback(
    (currency: CurrencyCode | null) => {
      if (userId) setStoredCurrency(userId, currency);
      // The device's UI preferences (spec §3) follow the same choice.
      if (currency) updateUiPreferences({ currency });
    },
    [userId],
  );
  return {
    currency: resolveEffectiveCurrency(stored ?? user?.preferred_currency, adminDefault),
    setCurrency,
  };
}
