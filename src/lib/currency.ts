import { SUPPORTED_CURRENCIES, type CurrencyCode } from '../../contracts/currencies';

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export function isSupportedCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && (SUPPORTED_CURRENCIES as readonly string[]).includes(code);
}

/** Minor-unit exponent: JPY has none, every other supported currency has 2. */
export function currencyDecimals(currency: string): number {
  return currency === 'JPY' ? 0 : 2;
}

const storageKey = (userId: string) => `affilio:currency:${userId}`;

/** The user's own display-currency choice, stored on this device per user id. */
export function getStoredCurrency(userId: string): CurrencyCode | null {
  try {
    const value = localStorage.getItem(storageKey(userId));
    return isSupportedCurrency(value) ? value : null;
  } catch {
    return null;
  }
}

export function setStoredCurrency(userId: string, currency: CurrencyCode | null): void {
  try {
    if (currency) localStorage.setItem(storageKey(userId), currency);
    else localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage can be unavailable (private mode, quota); the choice is then not kept.
  }
  notifyStoredCurrencyChanged();
}

/** Effective currency: the user's choice, else the admin default, else USD (spec §9). */
export function resolveEffectiveCurrency(
  userChoice: string | null | undefined,
  adminDefault: string | null | undefined,
): CurrencyCode {
  if (isSupportedCurrency(userChoice)) return userChoice;
  if (isSupportedCurrency(adminDefault)) return adminDefault;
  return DEFAULT_CURRENCY;
}

const choiceListeners = new Set<() => void>();

/** Re-render subscribers when a stored choice changes here or in another tab. */
export function subscribeStoredCurrency(listener: () => void): () => void {
  choiceListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('affilio:currency:')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    choiceListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function notifyStoredCurrencyChanged(): void {
  choiceListeners.forEach((listener) => listener());
}
