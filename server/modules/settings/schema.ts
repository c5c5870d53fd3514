import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '../currency/codes';

export const adminSettingsSchema = z.object({
  default_currency: z.enum(SUPPORTED_CURRENCIES),
  platform_fee_bps: z.number().int().min(0).max(10_000),
  min_payout_minor: z.number().int().min(0),
  hold_days: z.number().int().min(0).max(365),
  registration_requires_approval: z.boolean(),
  max_upload_bytes: z
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024),
  rates_provider_url: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
