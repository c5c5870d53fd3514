import { z } from 'zod';
import { WEBSITE_CATEGORIES } from '../types';

export const websiteInputSchema = z.object({
  url: z.string().trim().min(1).max(500),
  name: z.string().trim().min(1).max(200),
  category: z.enum(WEBSITE_CATEGORIES),
  monthly_visitors: z.number().int().min(0).max(2_147_483_647, 'At most 2,147,483,647'),
  description: z.string().max(5000),
});
export type WebsiteInput = z.infer<typeof websiteInputSchema>;
