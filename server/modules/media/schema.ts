import { z } from 'zod';
import { offsetParam } from '../../platform/zod-numbers';
import { MEDIA_TYPES } from './sniff';

export const MEDIA_KINDS = ['image', 'pdf', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const listMediaQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: offsetParam,
  /** only images, PDFs or videos */
  kind: z.enum(['all', ...MEDIA_KINDS]).default('all'),
  /** the creatives of this campaign the caller may download, instead of the caller's own library */
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }).optional(),
});
export type ListMediaQuery = z.output<typeof listMediaQuery>;

export const mediaSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  filename: z.string(),
  content_type: z.enum(Object.keys(MEDIA_TYPES) as [keyof typeof MEDIA_TYPES]),
  kind: z.enum(MEDIA_KINDS),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** `GET` with the bearer token; answers the bytes as an attachment */
  url: z.string(),
  /** a small WebP preview for images; null for PDFs and videos */
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaLimitsSchema = z.object({
  /** the admin setting `max_upload_bytes` */
  max_upload_bytes: z.number().int(),
  content_types: z.array(z.string()),
});
export type MediaLimits = z.infer<typeof mediaLimitsSchema>;

/** OpenAPI description of the multipart body (Fastify streams it; it is not validated as JSON). */
export const uploadBody = z.object({
  file: z.string().meta({
    format: 'binary',
    description: 'The file: PNG, JPEG, WebP, GIF, PDF or MP4, at most max_upload_bytes',
  }),
});
