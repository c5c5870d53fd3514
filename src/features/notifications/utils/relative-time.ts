const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

import { formatLocale, translate } from '../../../lib/i18n';

const formats = new Map<string, Intl.RelativeTimeFormat>();

/** One formatter per UI locale, made on first use. */
function format(): Intl.RelativeTimeFormat {
  const locale = formatLocale();
  let made = formats.get(locale);
  if (!made) {
    made = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, made);
  }
  return made;
}

/** "just now", "5 minutes ago", "yesterday"… in the UI language; an unparseable timestamp gives ''. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format().format(Math.trunc(seconds / size), unit);
  }
  return translate('common', 'ago.now');
}
