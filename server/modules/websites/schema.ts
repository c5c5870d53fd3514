import { z } from 'zod';
import { MAX_INT32, offsetParam } from '../../platform/zod-numbers';
import { CATEGORIES } from '../../../contracts/categories';
import { VERIFICATION_METHODS, VERIFICATION_STATUSES, WEBSITE_LIMITS } from '../../../contracts/websites';

export type { VerificationMethod } from '../../../contracts/websites';

/** Accepts "example.com", "https://Example.com/path" …; keeps only the origin. */
export const websiteUrl = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, 'url is required')
  .max(WEBSITE_LIMITS.urlLength)
  .transform((value, ctx) => {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
    let parsed: URL | null = null;
    try {
      parsed = new URL(withScheme);
    } catch {
      parsed = null;
    }
    const web = parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:');
    if (parsed && web && (parsed.hostname.includes('.') || parsed.hostname === 'localhost'))
      return parsed.origin;
    ctx.addIssue({ code: 'custom', message: 'url must be a website address such as https://example.com' });
    return z.NEVER;
  });

export const websiteFields = z.object({
  url: websiteUrl,
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(WEBSITE_LIMITS.nameLength),
  category: z.enum(CATEGORIES, {
    error: `category must be one of ${CATEGORIES.join(', ')}`,
  }),
  // an `integer` column
  monthly_visitors: z.number().int().min(0).max(MAX_INT32),
  description: z.string().max(WEBSITE_LIMITS.descriptionLength),
});

export const createWebsiteBody = websiteFields.partial({ monthly_visitors: true, description: true });
export const updateWebsiteBody = websiteFields.partial();
export const verifyWebsiteBody = z.object({
  method: z.enum(VERIFICATION_METHODS, { error: 'method must be meta, file or dns' }),
});

export const listWebsitesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: offsetParam,
  publisher_id: z.uuid().optional(),
  verification_status: z.enum(VERIFICATION_STATUSES).optional(),
});

export const websiteSchema = z.object({
  id: z.string(),
  publisher_id: z.string(),
  url: z.string(),
  name: z.string(),
  category: z.string(),
  monthly_visitors: z.number(),
  description: z.string(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  verification_method: z.enum(VERIFICATION_METHODS).nullable(),
  verification_token: z.string(),
  verification_error: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Website = z.infer<typeof websiteSchema>;
