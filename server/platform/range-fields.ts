import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from './currency-codes';
import { isoDate } from './zod-dates';

/** `from`/`to` (inclusive UTC days) and the display currency, shared by dashboards and reports. */
export const rangeFields = {
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
  currency: z
    .enum(SUPPORTED_CURRENCIES, { error: `currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}` })
    .optional(),
};
