import { currencyDecimals } from './currency';

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Formats an integer amount in minor units for display, e.g. 123456 DKK → '1.234,56 kr.'.
 * Null or non-finite amounts format as ''. Non-integer input is rounded half away from zero
 * to whole minor units first, so the digits shown are exactly the stored ones.
 */
export function formatMoney(amountMinor: number | null | undefined, currency: string): string {
  if (amountMinor === null || amountMinor === undefined || !Number.isFinite(amountMinor)) return '';
  const minor = Math.sign(amountMinor) * Math.round(Math.abs(amountMinor));
  const decimals = currencyDecimals(currency);

  if (currency === 'DKK') {
    // Built from integer parts (no float division) so the output is exact and locale-data independent.
    const abs = Math.abs(minor);
    const major = groupThousands(String(Math.floor(abs / 100)), '.');
    const cents = String(abs % 100).padStart(2, '0');
    return `${minor < 0 ? '-' : ''}${major},${cents} kr.`;
  }

  // Display only: dividing by 10^decimals can produce a float, but Intl rounds it back to `decimals`.
  const major = minor / 10 ** decimals;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(major);
  } catch {
    return `${major.toFixed(decimals)} ${currency}`;
  }
}
