import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { DASHBOARD_DEFAULT_DAYS, getDashboardQueryOptions } from '../features/analytics/api/get-dashboard';
import { getCachedUser } from '../features/auth/stores/cached-user';
import { needsOnboarding } from '../features/auth/utils/needs-onboarding';
import { getStoredCurrency, resolveEffectiveCurrency } from '../lib/currency';
import { lastDays } from '../lib/date-range';
import { getToken } from '../lib/token-storage';

/**
 * A start on the dashboard with a saved session asks for its figures at once, while the signed-in
 * shell's code is still loading, instead of after it has rendered. Same query as the dashboard's first
 * render (default range, the currency the user chose, else the one their account prefers); should the
 * platform's default currency turn out to differ, the dashboard simply asks again for that one.
 */
export function prefetchDashboard(client: QueryClient): void {
  const user = getCachedUser();
  // Offline the figures come from the persisted cache; there is nothing to ask for.
  if (!user || !getToken() || needsOnboarding(user) || !onlineManager.isOnline()) return;
  const currency = resolveEffectiveCurrency(getStoredCurrency(user.id) ?? user.preferred_currency, null);
  void client.prefetchQuery(getDashboardQueryOptions({ ...lastDays(DASHBOARD_DEFAULT_DAYS), currency }));
}
