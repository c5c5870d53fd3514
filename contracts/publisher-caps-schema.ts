import { z } from 'zod';

/** The four caps a campaign can set per publisher (UTC day and month); each a positive integer or null. */
export const PUBLISHER_CAP_FIELDS = [
  'daily_conversions',
  'monthly_conversions',
  'daily_commission_minor',
  'monthly_commission_minor',
] as const;
export type PublisherCapField = (typeof PUBLISHER_CAP_FIELDS)[number];

const cap = (field: PublisherCapField) =>
  z
    .number({ error: `publisher_caps.${field} must be a positive whole number or null` })
    .int(`publisher_caps.${field} must be a positive whole number or null`)
    .positive(`publisher_caps.${field} must be a positive whole number or null`)
    .max(1_000_000_000_000, `publisher_caps.${field} is too large`)
    .nullable()
    .optional();

/** What an advertiser sends: any subset of the caps (absent or null: no cap); null for no caps at all. */
export const publisherCapsInput = z
  .object({
    daily_conversions: cap('daily_conversions'),
    monthly_conversions: cap('monthly_conversions'),
    daily_commission_minor: cap('daily_commission_minor'),
    monthly_commission_minor: cap('monthly_commission_minor'),
  })
  .strict()
  .nullable();
export type PublisherCapsInput = z.input<typeof publisherCapsInput>;

/** What a campaign answers with: all four, null where there is no cap. */
export const publisherCapsSchema = z.object({
  daily_conversions: z.number().int().nullable(),
  monthly_conversions: z.number().int().nullable(),
  daily_commission_minor: z.number().int().nullable(),
  monthly_commission_minor: z.number().int().nullable(),
});
export type PublisherCaps = z.infer<typeof publisherCapsSchema>;

/** The caps as stored and answered: all four fields, null for none. */
export function normalizePublisherCaps(
  caps: Partial<Record<PublisherCapField, number | null | undefined>> | null | undefined,
): PublisherCaps {
  return {
    daily_conversions: caps?.daily_conversions ?? null,
    monthly_conversions: caps?.monthly_conversions ?? null,
    daily_commission_minor: caps?.daily_commission_minor ?? null,
    monthly_commission_minor: caps?.monthly_commission_minor ?? null,
  };
}
