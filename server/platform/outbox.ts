import type { Db } from '../db/connection';
import { jsonRows } from '../db/json-rows';
import { integrationEvents } from '../db/schema/integrations';
import type { WebhookEventType } from '../../contracts/integrations';

/** One event for the webhooks and postbacks, as the service that caused it describes it. */
export interface IntegrationEvent {
  type: WebhookEventType;
  /** the API's own wire shape of what changed (the delivery body's `data`) */
  data: Record<string, unknown>;
  /** users besides admins whose webhooks may receive it: who may see this object through the API */
  audience: string[];
  /** the publisher whose postbacks may receive it (conversions and their commissions) */
  publisherId?: string | null;
  campaignId?: string | null;
  /** the time of the change (default: now) */
  createdAt?: Date;
}

/**
 * Writes events to the delivery outbox. Call it with the transaction of the change the events report, so
 * they exist exactly when the change committed: the delivery worker (server/modules/integrations) sends
 * them later, and nothing the caller does waits for a receiver. One statement for any number of events.
 */
export async function recordIntegrationEvents(db: Db, events: IntegrationEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(integrationEvents).select(
    jsonRows(
      integrationEvents,
      events.map((e) => ({
        type: e.type,
        data: e.data,
        audience: [...new Set(e.audience)],
        publisherId: e.publisherId ?? null,
        campaignId: e.campaignId ?? null,
        createdAt: e.createdAt ?? new Date(),
      })),
    ),
  );
}

export function recordIntegrationEvent(db: Db, event: IntegrationEvent): Promise<void> {
  return recordIntegrationEvents(db, [event]);
}
