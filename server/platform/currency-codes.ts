// Supported currencies and their minor-unit exponent (spec §9; JPY has no minor unit).
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '../../contracts/currencies';

// The list is a wire contract (the client's pickers and forms use it too); the money kernel adds the rest.
export { SUPPORTED_CURRENCIES, type CurrencyCode };

export const CURRENCY_DECIMALS: Record<CurrencyCode, number> = Object.fromEntries(
  SUPPORTED_CURRENCIES.map((code) => [code, code === 'JPY' ? 0 : 2]),
) as Record<CurrencyCode, number>;

export function isSupportedCurrency(code: string): code is CurrencyCode {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(code);
}

export interface CurrencyInfo {
  code: CurrencyCode;
  name: string;
  decimals: number;
  symbol: string;
}

const NAMES_AND_SYMBOLS: Record<CurrencyCode, [name: string, symbol: string]> = {
  USD: ['US Dollar', '$'],
  EUR: ['Euro', '€'],
  DKK: ['Danish Krone', 'kr.'],
  SEK: ['Swedish Krona', 'kr'],
  NOK: ['Norwegian Krone', 'kr'],
  GBP: ['British Pound', '£'],
  JPY: ['Japanese Yen', '¥'],
  CAD: ['Canadian Dollar', 'CA$'],
  AUD: ['Australian Dollar', 'A$'],
  CHF: ['Swiss Franc', 'CHF'],
  CNY: ['Chinese Yuan', 'CN¥'],
  INR: ['Indian Rupee', '₹'],
  BRL: ['Brazilian Real', 'R$'],
  MXN: ['Mexican Peso', 'MX$'],
  ZAR: ['South African Rand', 'R'],
};

/** The supported currencies in the spec's order, with what a client needs to show them. */
export const CURRENCY_INFO: CurrencyInfo[] = SUPPORTED_CURRENCIES.map((code) => ({
  code,
  name: NAMES_AND_SYMBOLS[code][0],
  decimals: CURRENCY_DECIMALS[code],
  symbol: NAMES_AND_SYMBOLS[code][1],
}));
