import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { useAuthUser } from '../features/auth/stores/auth-store';
import { useRates } from '../features/currency/api/get-rates';
import { DEFAULT_CURRENCY } from '../lib/currency';
import { DisplayMoneyContext, type DisplayMoney } from '../lib/display-money';
import { useEffectiveCurrency } from './hooks/use-effective-currency';

/**
 * Gives every money figure (pages and modals alike) the signed-in user's display currency and the rates
 * to convert into it. One USD-based table serves every pair, so switching currency needs no new request.
 */
export function DisplayMoneyProvider({ children }: { children: ReactNode }) {
  const user = useAuthUser();
  const { currency } = useEffectiveCurrency();
  // /currency/rates needs a signed-in user.
  const rates = useRates(DEFAULT_CURRENCY, { enabled: Boolean(user) });
  // The rates' answer re-renders every money figure: in a background render that yields to the browser,
  // not in the synchronous one a query answer starts (during start that was one long task of the page).
  const ratesData = useDeferredValue(rates.data ?? null);
  const value = useMemo<DisplayMoney | null>(
    () => (user ? { currency, rates: ratesData } : null),
    [user, currency, ratesData],
  );
  return <DisplayMoneyContext value={value}>{children}</DisplayMoneyContext>;
}
