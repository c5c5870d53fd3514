import { currencyDecimals } from './currency';

const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** 12345 → '12,345'. */
export const formatCount = (value: number) => countFormat.format(value);

/** A ratio 0..1 as a percentage, e.g. 0.0325 → '3.25 %' (the spacing the app uses elsewhere). */
export const formatRate = (ratio: number) => `${percentFormat.format(ratio * 100)} %`;

/**
 * Short money for chart axes, e.g. 612345 DKK minor → '6.1K kr.', 612345 USD → '$6.1K'. Display only:
 * tooltips, tables and cards show the exact amount with formatMoney.
 */
export function formatMoneyCompact(amountMinor: number, currency: string): string {
  const major = amountMinor / 10 ** currencyDecimals(currency);
  if (currency === 'DKK') return `${compactFormat.format(major)} kr.`;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(major);
  } catch {
    return `${compactFormat.format(major)} ${currency}`;
  }
}
