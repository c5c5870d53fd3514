// Shown in UTC, like the server's month boundaries, so an invoice's dates match its PDF.
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

/** "2026-10" → "October 2026". */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** "10%", "12.5%": basis points as a percentage. */
export function feePercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
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
