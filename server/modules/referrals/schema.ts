import { z } from 'zod';
import { minorSumSchema } from '../../platform/minor-sum';

export const referralsQuery = z.object({
  /** admins name the publisher; a publisher may name only themselves */
  publisher_id: z.uuid({ error: 'publisher_id must be a UUID' }).optional(),
});

export const referredSchema = z.object({
  publisher_id: z.string(),
  display_name: z.string(),
  joined_at: z.string(),
  /** approved and paid referral commissions (clawbacks subtracted), one row per currency earned in */
  earned_minor: minorSumSchema,
  /** referral commissions still in their hold period */
  pending_minor: minorSumSchema,
  currency: z.string(),
});

export const referralsSchema = z.object({
  code: z.string(),
  /** the publisher sign-up page with the code: `{APP_URL}/register?ref=CODE` */
  link: z.string(),
  /** the programme is on (the admin set a share above 0) */
  enabled: z.boolean(),
  share_bps: z.number().int(),
  months: z.number().int(),
  referred: z.array(referredSchema),
});
export type Referrals = z.infer<typeof referralsSchema>;
