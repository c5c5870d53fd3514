import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import {
  integrationDeliveries,
  integrationEvents,
  publisherPostbacks,
  webhookEndpoints,
} from '../db/schema/integrations';
import { conversions } from '../db/schema/tracking';
import type { DemoUsers } from './demo-users';

const MINUTE_MS = 60 * 1000;

/**
 * The demo's integrations: Alice's webhook endpoint (conversions and commission decisions) and Paula's
 * postback to her tracker, each with a few deliveries in its log (one failed and retried). The URLs are
 * documentation hosts, and the deliveries are already sent, so the worker sends nothing.
 */
export async function seedDemoIntegrations(db: Db, users: DemoUsers, now: Date): Promise<void> {
  const alice = users.advertisers.alice.id;
  const paula = users.publishers.paula.id;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE_MS);
  const [hook] = await db
    .insert(webhookEndpoints)
    .values({
      ownerId: alice,
      url: 'https://hooks.alice-shop.example/affilio',
      description: 'Order system: new conversions and commission decisions',
      events: ['conversion.created', 'commission.approved', 'commission.rejected', 'commission.reversed'],
      secret: `whsec_${randomBytes(32).toString('base64')}`,
      createdAt: at(60 * 24 * 7),
    })
    .returning();
  const [postback] = await db
    .insert(publisherPostbacks)
    .values({
      publisherId: paula,
      url: 'https://tracker.paula-reviews.example/postback?cid={click_id}&payout={payout}&status={status}',
      on: ['conversion', 'approved', 'rejected', 'reversed'],
      createdAt: at(60 * 24 * 6),
    })
    .returning();
  const recent = await db
    .select()
    .from(conversions)
    .where(eq(conversions.publisherId, paula))
    .orderBy(desc(conversions.createdAt))
    .limit(3);
  let minutesAgo = 90;
  for (const [i, c] of recent.entries()) {
    minutesAgo -= 20;
    const [event] = await db
      .insert(integrationEvents)
      .values({
        type: 'conversion.created',
        data: {
          id: c.id,
          campaign_id: c.campaignId,
          publisher_id: c.publisherId,
          order_id: c.orderId,
          amount_minor: c.amountMinor,
          currency: c.currency,
        },
        publisherId: c.publisherId,
        campaignId: c.campaignId,
        createdAt: at(minutesAgo),
        fannedOutAt: at(minutesAgo),
      })
      .returning();
    const sent = (
      target: { webhookId: string } | { postbackId: string },
      attempt: number,
      ok: boolean,
      later = 0,
    ) => ({
      eventId: event!.id,
      ...target,
      type: 'conversion.created',
      attempt,
      statusCode: ok ? 200 : 503,
      durationMs: ok ? 84 + i * 13 : 10_000,
      responseExcerpt: ok ? '{"received":true}' : 'Service Unavailable',
      error: ok ? null : 'answered 503, not 2xx',
      attemptedAt: at(minutesAgo - later),
      createdAt: at(minutesAgo - later),
    });
    const rows = [sent({ postbackId: postback!.id }, 1, true)];
    // the first one met the shop's receiver down and went through on the retry 5 s later
    if (i === 0)
      rows.push(sent({ webhookId: hook!.id }, 1, false), sent({ webhookId: hook!.id }, 2, true, 0.1));
    else rows.push(sent({ webhookId: hook!.id }, 1, true));
    await db.insert(integrationDeliveries).values(rows);
  }
}
