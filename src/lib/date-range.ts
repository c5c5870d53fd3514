import { formatDate, formatDayOfMonth } from './format-date';

/** An inclusive range of UTC days, each 'YYYY-MM-DD' (the analytics API counts days in UTC). */
export interface DateRange {
  from: string;
  to: string;
}

/** The presets offered next to every date-range picker, in days. */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day as the API writes it: 'YYYY-MM-DD'. */
export const isDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A calendar month as the API writes it: 'YYYY-MM'. */
export const isMonth = (value: string): boolean => /^\d{4}-\d{2}$/.test(value);

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days up to and including today (UTC): last 30 = today − 29 … today, like the API default. */
export function lastDays(days: number, now: Date = new Date()): DateRange {
  const to = todayUtc(now);
  return { from: addDays(to, -(days - 1)), to };
}

export function daysInRange({ from, to }: DateRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Which preset a range is, if it ends today and spans exactly that many days. */
export function presetOf(range: DateRange, now: Date = new Date()): RangePreset | null {
  if (range.to !== todayUtc(now)) return null;
  return RANGE_PRESETS.find((days) => daysInRange(range) === days) ?? null;
}

/** '2025-03-04' → '4 Mar' (chart axes). */
export const formatDay = (day: string) => formatDayOfMonth(day);
/** '2025-03-04' → '4 Mar 2025'. */
export const formatFullDay = (day: string) => formatDate(`${day}T00:00:00Z`);

/**
 * '4 Mar 2025 – 30 Mar 2025' in the UI language's date format: the one way a range is written, by the
 * figures' headings and by the date-range picker alike. A range still being picked has no end yet.
 */
export const formatRange = (range: { from: string; to: string | null }) =>
  `${formatFullDay(range.from)} – ${range.to ? formatFullDay(range.to) : ''}`;
