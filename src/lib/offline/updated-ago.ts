import { translate } from '../i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "1 minute ago", "5 hours ago" (in the UI language): how old data fetched at `at` is at `now`. */
export function updatedAgo(at: number, now: number): string {
  const age = Math.max(0, now - at);
  if (age < MINUTE) return translate('common', 'ago.now');
  if (age < HOUR) return translate('common', 'ago.minutes', { count: Math.floor(age / MINUTE) });
  if (age < DAY) return translate('common', 'ago.hours', { count: Math.floor(age / HOUR) });
  return translate('common', 'ago.days', { count: Math.floor(age / DAY) });
}
