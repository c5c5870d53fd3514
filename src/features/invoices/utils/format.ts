import { formatMonth } from '../../../lib/format-date';
import { currentLanguage, type Language } from '../../../lib/i18n';

/** "10%", "12.5%": basis points as a percentage, exact (no float); Danish writes "12,5%". */
export function feePercent(bps: number, language: Language = currentLanguage()): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const mark = language === 'da' ? ',' : '.';
  return `${whole}${fraction ? `${mark}${fraction}` : ''}%`;
}

/**
 * The last `count` months before the one `now` is in, newest first, as Select options: the months an
 * invoice can cover (a month is invoiced once it is over).
 */
export function endedMonths(now: Date, count = 24): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, i) => {
    const value = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1 - i, 1))
      .toISOString()
      .slice(0, 7);
    return { value, label: formatMonth(value) };
  });
}
