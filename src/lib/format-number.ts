import { currencyDecimals } from './currency';
import { formatDecimal } from './format';
import { formatLocale } from './i18n';

/**
 * A number format in the UI language's locale (formatLocale(), src/lib/i18n.ts), made on first use, not
 * when its module loads: the browser's first Intl.NumberFormat loads its number data (~25 ms on a fast
 * machine, 4× that on a phone), which at module level ran inside the entry script's start-up task even on
 * pages that format no number. Made again when the language has changed since the last use.
 */
export function lazyNumberFormat(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let format: Intl.NumberFormat | undefined;
  let locale: string | undefined;
  return () => {
    const wanted = formatLocale();
    if (!format || locale !== wanted) {
      format = new Intl.NumberFormat(wanted, options);
      locale = wanted;
    }
    return format;
  };
}

/** Whether the UI writes numbers as en-US does (1,234.5), so the hand-written fast path applies. */
const writesLikeUs = () => /^en(-(US|GB))?$/i.test(formatLocale());

const countFormat = lazyNumberFormat({ maximumFractionDigits: 0 });
const rateFormat = lazyNumberFormat({ maximumFractionDigits: 2 });
const tenthsFormat = lazyNumberFormat({ maximumFractionDigits: 1 });

const compactFormat = lazyNumberFormat({ notation: 'compact', maximumFractionDigits: 1 });

/** 12345 → '12,345' (English), '12.345' (Danish). */
export const formatCount = (value: number) =>
  writesLikeUs() ? formatDecimal(value, 0) : countFormat().format(value);

/** A figure to one decimal at most: 23.5 → '23.5' (English), '23,5' (Danish); 20 → '20'. */
export const formatTenths = (value: number) =>
  writesLikeUs() ? formatDecimal(value, 1) : tenthsFormat().format(value);

/** A ratio 0..1 as a percentage, e.g. 0.0325 → '3.25 %' (English), '3,25 %' (Danish). */
export const formatRate = (ratio: number) =>
  `${writesLikeUs() ? formatDecimal(ratio * 100, 2) : rateFormat().format(ratio * 100)} %`;

/**
 * Short money for chart axes, e.g. 612345 DKK minor → '6.1K kr.', 612345 USD → '$6.1K'. Display only:
 * tooltips, tables and cards show the exact amount with formatMoney.
 */
export function formatMoneyCompact(amountMinor: number, currency: string): string {
  const major = amountMinor / 10 ** currencyDecimals(currency);
  if (currency === 'DKK') return `${compactFormat().format(major)} kr.`;
  try {
    return new Intl.NumberFormat(formatLocale(), {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(major);
  } catch {
    return `${compactFormat().format(major)} ${currency}`;
  }
}
