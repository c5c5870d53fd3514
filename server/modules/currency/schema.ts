import { z } from 'zod';
import { isoDate } from '../../platform/zod-dates';
import { SUPPORTED_CURRENCIES } from '../../platform/currency-codes';

const currencyCode = (field: string) =>
  z.enum(SUPPORTED_CURRENCIES, {
    error: `${field} must be a supported currency code: ${SUPPORTED_CURRENCIES.join(', ')}`,
  });

/** A major-unit amount as a decimal string ("19.99", "-5") or a JSON number; parsed exactly later. */
const amount = z.union(
  [z.string().max(40, 'amount is too long'), z.number({ error: 'amount must be a finite number' })],
  { error: 'amount must be a decimal number, as a string or a number' },
);

/** At most this many conversions per batch-convert request. */
export const MAX_BATCH = 100;
/** The longest range of /currency/historical (a year and a leap day). */
export const MAX_HISTORY_DAYS = 366;

export const ratesQuery = z.object({ source_currency: currencyCode('source_currency').default('USD') });

export const pairParams = z.object({ from: currencyCode('from'), to: currencyCode('to') });

export const convertQuery = z.object({
  amount: z.string({ error: 'amount is required' }).max(40, 'amount is too long'),
  from_currency: currencyCode('from_currency'),
  to_currency: currencyCode('to_currency'),
});

const conversionItem = z.object({
  amount,
  from_currency: currencyCode('from_currency'),
  to_currency: currencyCode('to_currency'),
});
export type ConversionInput = z.infer<typeof conversionItem>;

/** `{ conversions: [...] }`, or the bare array of conversions. */
export const batchConvertBody = z.preprocess(
  (body) => (Array.isArray(body) ? { conversions: body } : body),
  z.object(
    {
      conversions: z
        .array(conversionItem, { error: 'conversions must be an array' })
        .max(MAX_BATCH, `at most ${MAX_BATCH} conversions per request`),
    },
    { error: 'send { "conversions": [...] } or an array of conversions' },
  ),
);

export const HISTORY_GROUPS = ['day', 'week', 'month'] as const;
export type HistoryGroup = (typeof HISTORY_GROUPS)[number];

export const historicalQuery = z.object({
  from_date: isoDate('from_date').optional(),
  to_date: isoDate('to_date').optional(),
  group: z.enum(HISTORY_GROUPS, { error: 'group must be day, week or month' }).default('day'),
});
export type HistoricalQuery = z.output<typeof historicalQuery>;

const code = z.enum(SUPPORTED_CURRENCIES);
/** a rate rounded to 10 significant digits for the wire; the stored rates are exact decimal strings */
const rate = z.number().describe('units of the target currency per unit of the source currency');
const asOf = z
  .string()
  .nullable()
  .describe("the day (YYYY-MM-DD) of the provider's rates in use; null for the built-in rates");
const rateSource = z
  .enum(['provider', 'fallback'])
  .describe("'provider': rates fetched from the admin's provider; 'fallback': the built-in rates");

export const ratesSchema = z.object({
  success: z.literal(true),
  source_currency: code,
  rates: z.record(code, rate),
  as_of: asOf,
  source: rateSource,
});
export type RatesResponse = z.infer<typeof ratesSchema>;

export const pairRateSchema = z.object({ from: code, to: code, rate, as_of: asOf });
export type PairRateResponse = z.infer<typeof pairRateSchema>;

export const conversionSchema = z.object({
  amount: z.number().describe('the amount sent, in major units of from_currency'),
  from_currency: code,
  to_currency: code,
  converted_amount: z
    .number()
    .describe('in major units of to_currency, rounded to its decimals half away from zero'),
  rate,
});
export type ConversionResponse = z.infer<typeof conversionSchema>;

export const batchConversionSchema = z.object({ results: z.array(conversionSchema) });

export const historicalSchema = z.object({
  from: code,
  to: code,
  group: z.enum(HISTORY_GROUPS),
  from_date: z.string(),
  to_date: z.string(),
  rates: z.array(
    z.object({
      date: z.string().describe('the day, or the first day of the week (Monday) or month'),
      rate,
    }),
  ),
});
export type HistoricalResponse = z.infer<typeof historicalSchema>;

export const supportedSchema = z.object({
  currencies: z.array(z.object({ code, name: z.string(), decimals: z.number().int(), symbol: z.string() })),
});

export const healthSchema = z.object({
  health: z.enum(['ok', 'degraded']),
  provider: z.string().nullable().describe("the host of the admin's rates provider; null when none is set"),
  last_success_at: z.string().nullable(),
  source: rateSource,
  last_attempt_at: z.string().nullable(),
  as_of: asOf,
  reason: z.string().nullable().describe('why the health is degraded; null when ok'),
});
export type HealthResponse = z.infer<typeof healthSchema>;
