import { currencyDecimals } from './currency';
import { formatDecimal } from './format';

/**
 * An en-US number format made on first use, not when its module loads: the browser's first
 * Intl.NumberFormat loads its number data (~25 ms on a fast machine, 4× that on a phone), which at module
 * level ran inside the entry script's start-up task even on pages that format no number.
 */
export function lazyNumberFormat(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let format: Intl.NumberFormat | undefined;
  return () => (format ??= new Intl.NumberFormat('en-US', options));
}

const compactFormat = lazyNumberFormat({ notation: 'compact', maximumFractionDigits: 1 });

/** 12345 → '12,345'. */
export const formatCount = (value: number) => formatDecimal(value, 0);

/** A ratio 0..1 as a percentage, e.g. 0.0325 → '3.25 %' (the spacing the app uses elsewhere). */
export const formatRate = (ratio: number) => `${formatDecimal(ratio * 100, 2)} %`;

/**
 * Short money for chart axes, e.g. 612345 DKK minor → '6.1K kr.', 612345 USD → '$6.1K'. Display only:
 * tooltips, tables and cards show the exact amount with formatMoney.
 */
export function formatMoneyCompact(amountMinor: number, currency: string): string {
  const major = amountMinor / 10 ** currencyDecimals(currency);
  if (currency === 'DKK') return `${compactFormat().format(major)} kr.`;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(major);
  } catch {
    return `${compactFormat().format(major)} ${currency}`;
  }
}
