/**
 * The UI's languages: English and Danish, with Lingui's runtime (2.6 KB gzip; i18next with react-i18next
 * would be 19 KB, past the initial-JS budget).
 *
 * How to write a screen's text:
 *   const { t } = useTranslation('campaigns');
 *   t('title')                          → src/locales/<language>/campaigns.json "title"
 *   t('count', { count: rows.length })  → "{count, plural, one {# campaign} other {# campaigns}}"
 *   t('greeting', { name })             → "Hello {name}"
 * Each key is in BOTH src/locales/en/<ns>.json and src/locales/da/<ns>.json (flat objects of key → ICU
 * message; `npm run lint:i18n` fails on a key missing in either language, on a key no code uses and on a
 * key the code uses that no catalog has). Write keys as string literals so the check can see them; a
 * key built at run time must be a template literal with a literal prefix, t(`status.${status}`), which
 * counts every key starting with "status." as used. Outside React (toasts, menus built in plain
 * functions) use `translate('ns', 'key', values)`.
 * Dates and numbers: src/lib/format-date.ts and format-number.ts format in `formatLocale()` (the UI
 * language's Intl locale); money keeps the spec's format (src/lib/format.ts).
 *
 * The language is the profile's when signed in, else the one chosen on this device, else the browser's.
 * Catalogs load lazily, one chunk per language (scripts/vite-locales.ts); the app renders once the
 * first is in (src/main.tsx).
 */
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

export const LANGUAGES = ['en', 'da'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the switchers. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', da: 'Dansk' };

const STORAGE_KEY = 'affilio.language';

type Values = Record<string, unknown>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The device's choice, else the first browser language we have, else English. */
export function detectLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

const loaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('virtual:locale/en'),
  da: () => import('virtual:locale/da'),
};

const loaded = new Set<Language>();

/**
 * Loads `language`'s catalog (once) and makes it the UI's; `remember` keeps the choice on this device.
 * Components re-render through the I18nProvider in src/app/providers.tsx.
 */
export async function setLanguage(language: Language, remember = false): Promise<void> {
  if (!loaded.has(language)) {
    const { default: messages } = await loaders[language]();
    i18n.load(language, messages as Parameters<typeof i18n.load>[1]);
    loaded.add(language);
  }
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // private mode: the choice lasts for this page
    }
  }
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/**
 * The Intl locale for dates and numbers in the UI language: Danish as written in Denmark; English as
 * the browser writes it when the browser is English (en-US or en-GB), else British English.
 */
export function formatLocale(language: Language = currentLanguage()): string {
  if (language === 'da') return 'da-DK';
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  return browser?.toLowerCase().startsWith('en') ? browser : 'en-GB';
}

/** A message outside React: `translate('campaigns', 'title')`. */
export function translate(namespace: string, key: string, values?: Values): string {
  return i18n._(`${namespace}:${key}`, values);
}

/** `t(key, values)` for one namespace's catalog; re-renders when the language changes. */
export function useTranslation(namespace: string) {
  // `_` is bound anew on each language change, so memoised children see a new `t`
  const { _ } = useLingui();
  const t = useCallback((key: string, values?: Values) => _(`${namespace}:${key}`, values), [_, namespace]);
  return { t, language: currentLanguage() };
}

export { i18n };

/**
 * Marks a string as a key of the file's namespace, for keys kept in data and translated later
 * (`{ label: msgKey('nav.reports') }` … `t(link.label)`), so `npm run lint:i18n` sees them used.
 */
export function msgKey<K extends string>(key: K): K {
  return key;
}
