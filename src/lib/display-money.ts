import { createContext, useCallback, useContext } from 'react';
import type { CurrencyCode } from '../../contracts/currencies';
import { convertMinor, crossRate, type RateTable } from './exchange-rates';
import { formatMoney, minorValue, type MinorAmount } from './format';
import { lazyNumberFormat } from './format-number';
import { translate } from './i18n';

/** The display currency and the rates to reach it; provided by the app for the signed-in user. */
export interface DisplayMoney {
  currency: CurrencyCode;
  /** null while the first rates load: figures then show in their own currency */
  rates: RateTable | null;
}

export const DisplayMoneyContext = createContext<DisplayMoney | null>(null);

/** null outside the signed-in app (and in isolated component tests): figures keep their own currency. */
export function useDisplayMoney(): DisplayMoney | null {
  return useContext(DisplayMoneyContext);
}

export interface MoneyFigure {
  /** what to show: the converted figure, or the original when it needs no or has no conversion */
  text: string;
  /** the figure in its own currency when `text` is a conversion, else null */
  original: string | null;
  /** units of the display currency per unit of the original; set with `original` */
  rate: number | null;
}

/** One figure in the display currency (see convertMinor for the rounding); the original is kept. */
export function displayFigure(
  amountMinor: MinorAmount | null | undefined,
  currency: string,
  display: DisplayMoney | null,
): MoneyFigure {
  const original = formatMoney(amountMinor, currency);
  const unchanged = { text: original, original: null, rate: null };
  if (!display || display.currency === currency || original === '') return unchanged;
  // a converted figure is rounded anyway: a sum past 2^53 may go through a number here
  const converted = convertMinor(
    minorValue(amountMinor as MinorAmount),
    currency,
    display.currency,
    display.rates,
  );
  const rate = crossRate(display.rates, currency, display.currency);
  if (converted === null || rate === null) return unchanged;
  return { text: formatMoney(converted, display.currency), original, rate };
}

/**
 * Several amounts, each in its own currency, added up in the display currency ("€173.78"); null without a
 * display currency, or when one of them has no rate to it.
 */
export function displaySum(
  amounts: { amountMinor: MinorAmount; currency: string }[],
  display: DisplayMoney | null,
): string | null {
  if (!display) return null;
  let total = 0;
  for (const { amountMinor, currency } of amounts) {
    const converted = convertMinor(minorValue(amountMinor), currency, display.currency, display.rates);
    if (converted === null) return null;
    total += converted;
  }
  return formatMoney(total, display.currency);
}

/**
 * For figures inside sentences (toasts, descriptions): the display-currency figure with the original in
 * brackets, e.g. "111,84 kr. (€15.00)". Elements should use <Money>, which keeps the original on hover.
 */
export function useFormatMoney(): (amountMinor: MinorAmount | null | undefined, currency: string) => string {
  const display = useDisplayMoney();
  return useCallback(
    (amountMinor, currency) => {
      const figure = displayFigure(amountMinor, currency, display);
      return figure.original ? `${figure.text} (${figure.original})` : figure.text;
    },
    [display],
  );
}

const rateFormat = lazyNumberFormat({ maximumSignificantDigits: 6 });

/** Which rate a conversion used, e.g. "1 EUR = 7.4561 DKK · rates of 2025-06-03". */
export function rateNote(from: string, rate: number, display: DisplayMoney): string {
  const pair = `1 ${from} = ${rateFormat().format(rate)} ${display.currency}`;
  const table = display.rates;
  if (!table || table.origin === 'built-in' || !table.asOf) return `${pair} · ${translate('common', 'rates.builtIn')}`;
  return table.origin === 'saved'
    ? `${pair} · ${translate('common', 'rates.saved', { date: table.asOf })}`
    : `${pair} · ${translate('common', 'rates.of', { date: table.asOf })}`;
}
