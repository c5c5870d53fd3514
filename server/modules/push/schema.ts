import { z } from 'zod';

/** URL-safe base64 (padding tolerated) that decodes to exactly `bytes` bytes. */
const base64urlKey = (name: string, bytes: number) =>
  z
    .string({ error: `keys.${name} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `keys.${name} must be URL-safe base64`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `keys.${name} must encode ${bytes} bytes`);

export const subscribeBody = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'endpoint must be an https URL' })
    .max(2048, 'endpoint is too long'),
  keys: z.object(
    {
      // the browser's P-256 public key (uncompressed point) and its 16-byte auth secret (RFC 8291)
      p256dh: base64urlKey('p256dh', 65),
      auth: base64urlKey('auth', 16),
    },
    { error: 'keys {p256dh, auth} are required' },
  ),
  userAgent: z.string().max(500).nullish(),
});
export type SubscribeBody = z.output<typeof subscribeBody>;

const endpointField = z.string().min(1).max(2048).optional();
export const unsubscribeBody = z.object({ endpoint: endpointField }).nullish();
export const unsubscribeQuery = z.object({ endpoint: endpointField });

export const subscriptionSchema = z.object({
  id: z.string(),
  endpoint: z.string(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionsResponse = z.object({
  subscriptions: z.array(subscriptionSchema),
  vapid_public_key: z.string(),
});
export const removedResponse = z.object({ removed: z.number().int() });
export const messageResponse = z.object({ message: z.string() });
