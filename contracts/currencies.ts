// Supported currencies (spec §9), in the spec's order. Amounts travel as integer minor units with one of
// these codes; each side derives its own decimals and names from this list.
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
