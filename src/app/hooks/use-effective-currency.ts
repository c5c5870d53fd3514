import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useAuthUser } from '../../features/auth/stores/auth-store';
import {
  getAdminSettingsQueryOptions,
  useAdminSettings,
} from '../../features/settings/api/get-admin-settings';
import {
  getPublicSettingsQueryOptions,
  usePublicSettings,
} from '../../features/settings/api/get-public-settings';
import { getStoredCurrency, resolveEffectiveCurrency, subscribeStoredCurrency } from '../../lib/currency';
import { chooseDisplayCurrency } from '../../lib/ui-preferences';
import type { CurrencyCode } from '../../../contracts/currencies';

/**
 * Display currency: the user's choice (this device's per-user choice, else the preferred currency on
 * their account), else the admin default, else USD. Only admins may read the admin settings (spec §6);
 * everyone else learns the default currency from GET /settings/public. The header switcher and
 * /settings both set the choice here, and every figure follows at once.
 *
 * The settings queries only fetch here (they notify nobody): the hook reads the resolved currency from
 * the query cache and the stored choice as one snapshot, so a settings answer that leaves the currency
 * as it was (a user with a choice, or a default equal to USD) re-renders nothing — on the dashboard
 * that was a synchronous render of the whole page during start.
 */
export function useEffectiveCurrency(): {
  currency: CurrencyCode;
  setCurrency: (currency: CurrencyCode | null) => void;
} {
  const client = useQueryClient();
  const user = useAuthUser();
  const userId = user?.id;
  const preferred = user?.preferred_currency;
  const isAdmin = user?.role === 'admin';
  useAdminSettings({ enabled: isAdmin, silent: true });
  usePublicSettings({ enabled: Boolean(user) && !isAdmin, silent: true });
  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribeChoice = subscribeStoredCurrency(listener);
      const unsubscribeCache = client.getQueryCache().subscribe(listener);
      return () => {
        unsubscribeChoice();
        unsubscribeCache();
      };
    },
    [client],
  );
  const readCurrency = useCallback((): CurrencyCode => {
    const settings = isAdmin
      ? client.getQueryData(getAdminSettingsQueryOptions().queryKey)
      : client.getQueryData(getPublicSettingsQueryOptions().queryKey);
    const stored = userId ? getStoredCurrency(userId) : null;
    return resolveEffectiveCurrency(stored ?? preferred, settings?.default_currency);
  }, [client, isAdmin, userId, preferred]);
  const currency = useSyncExternalStore(subscribe, readCurrency, readCurrency);
  const setCurrency = useCallback(
    (currency: CurrencyCode | null) => {
      if (userId) chooseDisplayCurrency(userId, currency);
    },
    [userId],
  );
  return { currency, setCurrency };
}
