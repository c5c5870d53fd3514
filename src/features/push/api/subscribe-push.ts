import { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { PushSubscriptionRecord, SubscribePushBody } from '../types';

export const subscribePushBodySchema = z.object({
  endpoint: z.url(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
  userAgent: z.string().optional(),
});

/** Stores (or moves to this account) the browser's subscription; upserted by endpoint. */
export async function subscribePush(body: SubscribePushBody): Promise<PushSubscriptionRecord> {
  const { data } = await api.post<PushSubscriptionRecord>(
    '/my/push/subscribe',
    subscribePushBodySchema.parse(body),
  );
  return data;
}
