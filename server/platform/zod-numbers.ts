import { z } from 'zod';

/** The largest value a PostgreSQL `integer` column (and an `OFFSET` we are willing to run) holds. */
export const MAX_INT32 = 2_147_483_647;

/** `?offset=` of every paginated list: rows to skip. */
export const offsetParam = z.coerce
  .number({ error: 'offset must be a whole number' })
  .int('offset must be a whole number')
  .min(0, 'offset must be at least 0')
  .max(MAX_INT32, `offset must be at most ${MAX_INT32}`)
  .default(0);
