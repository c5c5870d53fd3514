import { fieldError } from '../../platform/http-error';

/** Inclusive UTC days, `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** a year and a leap day: the longest range a dashboard or report covers */
export const MAX_RANGE_DAYS = 366;
/** without `from`, a range covers the last 30 days up to `to` */
const DEFAULT_RANGE_DAYS = 30;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) =>
  new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysIn = ({ from, to }: DayRange) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;

/** `to` defaults to today (UTC), `from` to 29 days before `to`; from ≤ to and at most 366 days, else 422. */
export function resolveRange(query: { from?: string; to?: string }, now = new Date()): DayRange {
  const to = query.to ?? today(now);
  const from = query.from ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  if (from > to) throw fieldError('from', 'from must be on or before to');
  if (daysIn({ from, to }) > MAX_RANGE_DAYS) {
    throw fieldError('to', `the range may cover at most ${MAX_RANGE_DAYS} days`);
  }
  return { from, to };
}

/** The period of the same length that ends the day before `range` starts. */
export function previousRange(range: DayRange): DayRange {
  return { from: addDays(range.from, -daysIn(range)), to: addDays(range.from, -1) };
}

/** Every day of the range, in order. */
export function eachDay(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}
