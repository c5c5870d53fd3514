import { z } from 'zod';
import { offsetParam } from '../../platform/zod-numbers';
import {
  INTEGRATION_LIMITS,
  POSTBACK_METHODS,
  POSTBACK_TRIGGERS,
  WEBHOOK_EVENT_TYPES,
} from '../../../contracts/integrations';

const url = z
  .string({ error: 'url is required' })
  .trim()
  .min(1, 'url is required')
  .max(INTEGRATION_LIMITS.urlLength, `url must be at most ${INTEGRATION_LIMITS.urlLength} characters`);

const events = z
  .array(z.string(), { error: 'events must be a list of event types' })
  .min(1, 'events must name at least one event type')
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .superRefine((list, ctx) => {
    const unknown = list.filter((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `unknown event type ${unknown.map((e) => JSON.stringify(e)).join(', ')}; known: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      });
  })
  .transform((list) => [...new Set(list)]);

const description = z
  .string()
  .trim()
  .max(
    INTEGRATION_LIMITS.descriptionLength,
    `description must be at most ${INTEGRATION_LIMITS.descriptionLength} characters`,
  );

export const createWebhookBody = z.object({ url, events, description: description.optional() });
export const updateWebhookBody = z.object({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type CreateWebhookInput = z.output<typeof createWebhookBody>;
export type UpdateWebhookInput = z.output<typeof updateWebhookBody>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /** `whsec_` + base64: verify deliveries with the standardwebhooks libraries */
  secret: z.string(),
  /** first failed delivery since the last success (null: healthy) */
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookWire = z.infer<typeof webhookSchema>;

const on = z
  .array(z.enum(POSTBACK_TRIGGERS, { error: `on must hold only ${POSTBACK_TRIGGERS.join(', ')}` }), {
    error: 'on must be a list',
  })
  .min(1, 'on must name at least one of conversion, approved, rejected, reversed')
  .max(POSTBACK_TRIGGERS.length * 2)
  .transform((list) => [...new Set(list)]);

const campaignId = z.uuid({ error: 'campaign_id must be a campaign id or null' }).nullable();
const method = z.enum(POSTBACK_METHODS, { error: 'method must be GET or POST' });

export const createPostbackBody = z.object({
  url,
  campaign_id: campaignId.optional(),
  on: on.default(['conversion']),
  method: method.default('GET'),
});
export const updatePostbackBody = z.object({
  url: url.optional(),
  campaign_id: campaignId.optional(),
  on: on.optional(),
  method: method.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type CreatePostbackInput = z.output<typeof createPostbackBody>;
export type UpdatePostbackInput = z.output<typeof updatePostbackBody>;

export const postbackSchema = z.object({
  id: z.string(),
  url: z.string(),
  campaign_id: z.string().nullable(),
  on: z.array(z.string()),
  method: z.enum(POSTBACK_METHODS),
  enabled: z.boolean(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type PostbackWire = z.infer<typeof postbackSchema>;

export const previewQuery = z.object({
  campaign_id: z.uuid({ error: 'campaign_id must be a UUID' }).optional(),
});
export const previewSchema = z.object({
  /** the conversion the values come from; null: sample values (no conversion yet) */
  conversion_id: z.string().nullable(),
  values: z.record(z.string(), z.string()),
});

export const deliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  type: z.string(),
  attempt: z.number(),
  status_code: z.number().nullable(),
  duration_ms: z.number().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  /** when it is (or will be) tried; null once it was sent */
  next_attempt_at: z.string().nullable(),
});
export type DeliveryWire = z.infer<typeof deliverySchema>;

export const listDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: offsetParam,
});

export const deliveryParams = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  deliveryId: z.uuid({ error: 'deliveryId must be a UUID' }),
});
