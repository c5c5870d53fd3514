import { z } from 'zod';
import { translate } from '../../../lib/i18n';
import { CATEGORIES as WEBSITE_CATEGORIES } from '../../../../contracts/categories';
import { WEBSITE_LIMITS as LIMITS } from '../../../../contracts/websites';

export const websiteInputSchema = z.object({
  url: z.string().trim().min(1).max(LIMITS.urlLength),
  name: z.string().trim().min(1).max(LIMITS.nameLength),
  category: z.enum(WEBSITE_CATEGORIES),
  monthly_visitors: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.maxMonthlyVisitors, { error: () => translate('websites', 'form.tooMany') }),
  description: z.string().max(LIMITS.descriptionLength),
});
export type WebsiteInput = z.infer<typeof websiteInputSchema>;
