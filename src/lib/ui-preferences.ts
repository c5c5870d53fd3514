import { useSyncExternalStore } from 'react';
import { isSupportedCurrency, setStoredCurrency } from './currency';
import type { CurrencyCode } from '../../contracts/currencies';

export const LAYOUT_PRESETS = ['full', 'wide', 'standard', 'narrow', 'focused'] as const;
export type LayoutPreset = (typeof LAYOUT_PRESETS)[number];

/** Spec §2: all three roles default to 'wide'. */
export const ROLE_DEFAULT_LAYOUT_PRESET: Record<'advertiser' | 'publisher' | 'admin', LayoutPreset> = {
  advertiser: 'wide',
  publisher: 'wide',
  admin: 'wide',
};

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;

export interface UiPreferences {
  sidebarCollapsed: boolean;
  theme: Theme;
  tablePageSize: number;
  currency: CurrencyCode;
  /** null until the user picks one: then the role's default applies. */
  layoutPreset: LayoutPreset | null;
}

export const DEFAULT_UI_PREFERENCES: Readonly<UiPreferences> = Object.freeze({
  sidebarCollapsed: false,
  theme: 'light',
  tablePageSize: 10,
  currency: 'DKK',
  layoutPreset: null,
});

export const UI_PREFERENCES_KEY = 'affilio:ui-preferences';

export function effectiveLayoutPreset(prefs: UiPreferences, role: string | undefined): LayoutPreset {
  if (prefs.layoutPreset) return prefs.layoutPreset;
  return ROLE_DEFAULT_LAYOUT_PRESET[role as keyof typeof ROLE_DEFAULT_LAYOUT_PRESET] ?? 'wide';
}

/** Reads stored preferences, keeping only well-formed values so a bad entry cannot break the shell. */
function parse(raw: string | null): UiPreferences {
  const prefs: UiPreferences = { ...DEFAULT_UI_PREFERENCES };
  if (!raw) return prefs;
  let stored: Partial<Record<keyof UiPreferences, unknown>>;
  try {
    stored = JSON.parse(raw) as typeof stored;
  } catch {
    return prefs;
  }
  if (typeof stored !== 'object' || stored === null) return prefs;
  if (typeof stored.sidebarCollapsed === 'boolean') prefs.sidebarCollapsed = stored.sidebarCollapsed;
  if (THEMES.includes(stored.theme as Theme)) prefs.theme = stored.theme as Theme;
  if (typeof stored.tablePageSize === 'number' && stored.tablePageSize > 0) {
    prefs.tablePageSize = Math.floor(stored.tablePageSize);
  }
  if (isSupportedCurrency(stored.currency)) prefs.currency = stored.currency;
  if (LAYOUT_PRESETS.includes(stored.layoutPreset as LayoutPreset)) {
    prefs.layoutPreset = stored.layoutPreset as LayoutPreset;
  }
  return prefs;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: UiPreferences = { ...DEFAULT_UI_PREFERENCES };

function readRaw(): string | null {
  try {
    return localStorage.getItem(UI_PREFERENCES_KEY);
  } catch {
    return null;
  }
}

export function getUiPreferences(): UiPreferences {
  const raw = readRaw();
  // Same snapshot object while storage is unchanged, as useSyncExternalStore requires.
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

export function updateUiPreferences(patch: Partial<UiPreferences>): void {
  const next = { ...getUiPreferences(), ...patch };
  try {
    localStorage.setItem(UI_PREFERENCES_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: keep the change in memory for this session.
    cachedRaw = readRaw();
    cached = next;
  }
  listeners.forEach((listener) => listener());
}

/**
 * The user picks the currency figures show in (header switcher, /settings, or a new preferred currency
 * saved in the profile): kept on this device for this user, and the device's UI preferences (spec §3)
 * follow. null goes back to the account's preferred currency, else the platform default.
 */
export function chooseDisplayCurrency(userId: string, currency: CurrencyCode | null): void {
  setStoredCurrency(userId, currency);
  if (currency) updateUiPreferences({ currency });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === UI_PREFERENCES_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useUiPreferences(): [UiPreferences, (patch: Partial<UiPreferences>) => void] {
  const prefs = useSyncExternalStore(subscribe, getUiPreferences, getUiPreferences);
  return [prefs, updateUiPreferences];
}
