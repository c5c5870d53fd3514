/** GET /api/my/push/subscriptions items (the API contract). */
export interface PushSubscriptionRecord {
  id: string;
  endpoint: string;
  user_agent: string | null;
  created_at: string;
}

export interface PushSubscriptionsResponse {
  subscriptions: PushSubscriptionRecord[];
  /** The server's VAPID public key (base64url, uncompressed P-256 point) for pushManager.subscribe. */
  vapid_public_key: string;
}

/** POST /api/my/push/subscribe body (spec §3: endpoint, keys p256dh and auth, userAgent). */
export interface SubscribePushBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  userAgent?: string;
}
