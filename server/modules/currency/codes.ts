// Supported currencies and their minor-unit exponent (spec §9; JPY has no minor unit).
export const SUPPORTED_CURRENCIES = [
  'USD',
  'EUR',
  'DKK',
  'SEK',
  'NOK',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'CHF',
  'CNY',
  'INR',
  'BRL',
  'MXN',
  'ZAR',
] as const;

export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];

export const CURRENCY_DECIMALS: Record<CurrencyCode, number> = Object.fromEntries(
  SUPPORTED_CURRENCIES.map((code) => [code, code === 'JPY' ? 0 : 2]),
) as Record<CurrencyCode, number>;

export function isSupportedCurrency(code: string): code is CurrencyCode {
  return (SUPPORTED_CURRENCIES as readonly string[]).includes(code);
}
