import { z } from 'zod';

/** The body of every 4xx/5xx answer: `{ detail }`, plus per-field messages for a 422. */
export const errorResponse = z.object({
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
