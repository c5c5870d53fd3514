import { z } from 'zod';
import { offsetParam } from '../../platform/zod-numbers';

import { APPLICATION_STATUSES } from '../../../contracts/applications';

export type { ApplicationStatus } from '../../../contracts/applications';

export const applyBody = z.object({
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }),
  website_id: z.uuid({ error: 'website_id must be a UUID' }),
  message: z.string().trim().max(2000).default(''),
});

export const reasonBody = z.object({
  reason: z.string({ error: 'reason is required' }).trim().min(1, 'reason is required').max(2000),
});
export const optionalReasonBody = z.object({ reason: z.string().trim().max(2000).optional() }).nullish();

export const listApplicationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: offsetParam,
  status: z.enum(['all', ...APPLICATION_STATUSES]).default('all'),
  campaign_id: z.uuid().optional(),
  /** narrows the list further; a publisher or advertiser naming someone else gets an empty list */
  publisher_id: z.uuid({ error: 'publisher_id must be a UUID' }).optional(),
  advertiser_id: z.uuid({ error: 'advertiser_id must be a UUID' }).optional(),
  /** campaign name, publisher name or website URL contains this (case-insensitive) */
  search: z.string().trim().max(200).optional(),
});

export const applicationSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  publisher_id: z.string(),
  website_id: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  message: z.string(),
  reason: z.string().nullable(),
  tracking_code: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  campaign_name: z.string(),
  website_url: z.string(),
  publisher_name: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;
