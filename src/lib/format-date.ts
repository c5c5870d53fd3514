import { formatLocale } from './i18n';

/**
 * One way to write dates everywhere: in the UI language's locale (src/lib/i18n.ts), on the UTC calendar.
 * UTC because the server buckets days and months in UTC (filters, invoices, payouts), so a row's date
 * is the day it is filtered and billed under, and two users read the same day for the same record.
 */

type Style = 'day' | 'date' | 'dateTime' | 'month' | 'shortMonth';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  date: { dateStyle: 'medium', timeZone: 'UTC' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  shortMonth: { month: 'short', year: 'numeric', timeZone: 'UTC' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, requested: string | undefined): Intl.DateTimeFormat {
  const locale = requested ?? formatLocale();
  const key = `${style}|${locale ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, OPTIONS[style]);
    formatters.set(key, found);
  }
  return found;
}

/**
 * Makes the formatter of `formatDate` ahead of its first use. The browser's first Intl.DateTimeFormat loads
 * its date data (28–47 ms in traces of the dashboard's start on a fast machine, 4× that on a phone), and
 * the dashboard's first render made it while drawing the figures' date range: a signed-in start does it
 * in a task of its own while the main thread waits for the shell's code to download. In the built app the
 * start has had a worker load that data already (src/app/start-shell.ts, warmIntl), so this costs the
 * main thread about a millisecond; without it (the dev server, a browser without workers) it still keeps
 * the load out of the first render.
 */
export function warmDateFormat(): void {
  formatter('date', undefined);
}

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "4 Mar 2025" (en-GB) / "Mar 4, 2025" (en-US); `empty` for a missing date. */
export function formatDate(iso: string | null | undefined, empty = '—', locale?: string): string {
  const date = valid(iso);
  return date ? formatter('date', locale).format(date) : empty;
}

/** "4 Mar 2025, 09:15 UTC" (en-GB); `empty` for a missing date. */
export function formatDateTime(iso: string | null | undefined, empty = '—', locale?: string): string {
  const date = valid(iso);
  return date ? `${formatter('dateTime', locale).format(date)} UTC` : empty;
}

/** A calendar day "2025-03-04" → "4 Mar" (en-GB) / "Mar 4" (en-US), for chart axes. */
export function formatDayOfMonth(day: string, locale?: string): string {
  return formatter('day', locale).format(new Date(`${day}T00:00:00Z`));
}

/** "2026-10" → "October 2026"; `short` → "Oct 2026". */
export function formatMonth(month: string, short = false, locale?: string): string {
  return formatter(short ? 'shortMonth' : 'month', locale).format(new Date(`${month}-01T00:00:00Z`));
}
