/**
 * Texts the server writes for a person (in-app notifications and their push, e-mails, PDFs) in that
 * person's language: `users.language`, 'en' or 'da'; anything else reads English.
 *
 * Catalogs: server/locales/<language>/<namespace>.json, flat key → ICU message, the client's format
 * (src/locales). A key is written "<namespace>:<key>" as a string literal, so `npm run lint:i18n` sees it:
 *   translate(language, 'mail:reset.subject', { name })   → the text now
 *   msg('notifications:payout.paid.title', { amount })   → a text the Notifier translates per recipient
 *   const t = translator(language); t('pdf:invoice.title') → many texts of one document
 * Compiled with Lingui's compiler and runtime (already the client's, so one ICU dialect on both sides;
 * intl-messageformat would be a second parser). `#` in a plural is formatted by Intl in the language;
 * a plain `{count}` is written as is, which keeps the English texts what they were before translation.
 * Dates: `formatDayIn`/`formatMonthIn` (English keeps text-dates.ts); money keeps the spec's format
 * (money.ts `formatMinor`), whatever the language, and goes into messages already formatted.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { users } from '../db/schema/users';
import { formatDay, formatMonth } from './text-dates';
import daAudit from '../locales/da/audit.json';
import daStats from '../locales/da/stats.json';
import daMail from '../locales/da/mail.json';
import daNotifications from '../locales/da/notifications.json';
import daPdf from '../locales/da/pdf.json';
import enAudit from '../locales/en/audit.json';
import enStats from '../locales/en/stats.json';
import enMail from '../locales/en/mail.json';
import enNotifications from '../locales/en/notifications.json';
import enPdf from '../locales/en/pdf.json';

export const LANGUAGES = ['en', 'da'] as const;
export type Language = (typeof LANGUAGES)[number];

type Values = Record<string, unknown>;
type Catalog = Record<string, string>;

/** Every namespace's catalog; a new namespace is imported above and listed here. */
const CATALOGS: Record<Language, Record<string, Catalog>> = {
  en: { audit: enAudit, stats: enStats, mail: enMail, notifications: enNotifications, pdf: enPdf },
  da: { audit: daAudit, stats: daStats, mail: daMail, notifications: daNotifications, pdf: daPdf },
};

/** 'en' or 'da'; null, undefined and languages we do not have read English. */
export function toLanguage(value: unknown): Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
    ? (value as Language)
    : 'en';
}

/** The Intl locale dates and numbers use: Danish as written in Denmark, English as text-dates.ts writes it. */
export function intlLocale(language: Language): string {
  return language === 'da' ? 'da-DK' : 'en-GB';
}

const runtimes = new Map<Language, I18n>();

/** Each language's catalogs, compiled on first use (a few dozen messages). */
function runtime(language: Language): I18n {
  let i18n = runtimes.get(language);
  if (!i18n) {
    const messages: Record<string, ReturnType<typeof compileMessageOrThrow>> = {};
    for (const [namespace, catalog] of Object.entries(CATALOGS[language])) {
      for (const [key, message] of Object.entries(catalog)) {
        messages[`${namespace}:${key}`] = compileMessageOrThrow(message);
      }
    }
    i18n = setupI18n({ locale: intlLocale(language), messages: { [intlLocale(language)]: messages } });
    runtimes.set(language, i18n);
  }
  return i18n;
}

/** `key` ("<namespace>:<key>") in `language`, English when that language lacks it. */
export function translate(language: unknown, key: string, values?: Values): string {
  const lang = toLanguage(language);
  const fallback = lang !== 'en' && !hasKey(lang, key);
  return runtime(fallback ? 'en' : lang)._(key, values);
}

/** Whether `language` (or English, its fallback) has `key`: for words looked up by a code. */
export function hasMessage(language: unknown, key: string): boolean {
  return hasKey(toLanguage(language), key) || hasKey('en', key);
}

function hasKey(language: Language, key: string): boolean {
  const at = key.indexOf(':');
  return CATALOGS[language][key.slice(0, at)]?.[key.slice(at + 1)] !== undefined;
}

/** `t(key, values)` for one document in one language. */
export function translator(language: unknown): (key: string, values?: Values) => string {
  const lang = toLanguage(language);
  return (key, values) => translate(lang, key, values);
}

/**
 * A text to be translated later, in the language of whoever reads it. A value may itself be a Message
 * (a word of the catalog: a payout method) or a date (`dayValue`, `monthValue`), rendered alike. Plain
 * JSON, so a notification stores it and renders it again in the reader's language of the day.
 */
export interface Message {
  key: string;
  values?: Record<string, unknown>;
}

export function msg(key: string, values?: Record<string, unknown>): Message {
  return { key, values };
}

/** A date a message shows, written in the reader's language when the message is rendered. */
interface DateValue {
  date: 'day' | 'month';
  /** an ISO instant (day) or "YYYY-MM" (month) */
  value: string;
}

/** "23 Nov 2026" / "23. nov. 2026" in the reader's language (formatDayIn). */
export function dayValue(d: Date | string): DateValue {
  return { date: 'day', value: new Date(d).toISOString() };
}

/** "October 2026" / "oktober 2026" in the reader's language (formatMonthIn). */
export function monthValue(month: string): DateValue {
  return { date: 'month', value: month };
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).key === 'string';
}

function isDateValue(value: unknown): value is DateValue {
  if (typeof value !== 'object' || value === null) return false;
  const { date, value: text } = value as DateValue;
  return (date === 'day' || date === 'month') && typeof text === 'string';
}

function renderValue(language: unknown, value: unknown): unknown {
  if (isMessage(value)) return render(language, value);
  if (!isDateValue(value)) return value;
  return value.date === 'day' ? formatDayIn(language, value.value) : formatMonthIn(language, value.value);
}

/** A plain string (a user's own words, a name) stays as it is; a Message is translated. */
export function render(language: unknown, text: string | Message): string {
  if (typeof text === 'string') return text;
  const values = text.values
    ? Object.fromEntries(
        Object.entries(text.values).map(([name, value]) => [name, renderValue(language, value)]),
      )
    : undefined;
  return translate(language, text.key, values);
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
const monthFormats = new Map<Language, Intl.DateTimeFormat>();

function format(
  cache: Map<Language, Intl.DateTimeFormat>,
  language: Language,
  options: Intl.DateTimeFormatOptions,
) {
  let formatter = cache.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' });
    cache.set(language, formatter);
  }
  return formatter;
}

/** "23 Nov 2026" / "23. nov. 2026" (UTC). */
export function formatDayIn(language: unknown, d: Date | string): string {
  const lang = toLanguage(language);
  if (lang === 'en') return formatDay(d);
  return format(dayFormats, lang, { dateStyle: 'medium' }).format(new Date(d));
}

/** "2026-10" → "October 2026" / "oktober 2026". */
export function formatMonthIn(language: unknown, month: string): string {
  const lang = toLanguage(language);
  if (lang === 'en') return formatMonth(month);
  return format(monthFormats, lang, { month: 'long', year: 'numeric' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** A count with the language's digit grouping: "1,052" / "1.052". */
export function formatCountIn(language: unknown, n: number): string {
  return n.toLocaleString(toLanguage(language) === 'da' ? 'da-DK' : 'en');
}

/** The languages of several users with one query; a user not found reads English. */
export async function languagesOf(db: Db, userIds: Iterable<string>): Promise<Map<string, Language>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, toLanguage(r.language)]));
}

export async function languageOf(db: Db, userId: string): Promise<Language> {
  return (await languagesOf(db, [userId])).get(userId) ?? 'en';
}
