import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection';
import type { UserRow } from '../../platform/current-user';
import { fieldError, notFound, unprocessable } from '../../platform/http-error';
import { refusedTarget } from '../../platform/outbound-request';
import { INTEGRATION_LIMITS, WEBHOOK_TEST_EVENT } from '../../../contracts/integrations';
import { toDeliveryWire } from './deliveries';
import * as q from './queries';
import type { CreateWebhookInput, DeliveryWire, UpdateWebhookInput, WebhookWire } from './schema';

/** What saving a URL needs to know: may the server call private addresses (ALLOW_PRIVATE_NETWORKS). */
export interface TargetRules {
  allowPrivate: boolean;
  resolveHost?: (hostname: string) => Promise<string[]>;
}

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function toWebhookWire(row: q.WebhookRow): WebhookWire {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    secret: row.secret,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A URL the server may call later, or the 422 naming why not. */
export async function checkTargetUrl(url: string, rules: TargetRules): Promise<void> {
  const refused = await refusedTarget(url, rules);
  if (refused) throw fieldError('url', refused);
}

/** One's own endpoint; another user's answers like one that does not exist. */
async function ownWebhook(db: Db, user: UserRow, id: string): Promise<q.WebhookRow> {
  const row = await q.findWebhook(db, id);
  if (!row || row.ownerId !== user.id) throw notFound('Webhook not found');
  return row;
}

export async function listWebhooks(db: Db, user: UserRow): Promise<WebhookWire[]> {
  return (await q.listWebhooks(db, user.id)).map(toWebhookWire);
}

export async function getWebhook(db: Db, user: UserRow, id: string): Promise<WebhookWire> {
  return toWebhookWire(await ownWebhook(db, user, id));
}

export async function createWebhook(
  db: Db,
  rules: TargetRules,
  user: UserRow,
  input: CreateWebhookInput,
): Promise<WebhookWire> {
  await checkTargetUrl(input.url, rules);
  if ((await q.countWebhooks(db, user.id)) >= INTEGRATION_LIMITS.perUser) {
    throw unprocessable(`You can keep at most ${INTEGRATION_LIMITS.perUser} webhook endpoints`);
  }
  const row = await q.insertWebhook(db, {
    ownerId: user.id,
    url: input.url,
    events: input.events,
    description: input.description ?? '',
    secret: newWebhookSecret(),
  });
  return toWebhookWire(row);
}

export async function updateWebhook(
  db: Db,
  rules: TargetRules,
  user: UserRow,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookWire> {
  await ownWebhook(db, user, id);
  if (input.url !== undefined) await checkTargetUrl(input.url, rules);
  const row = await q.updateWebhook(db, id, {
    url: input.url,
    events: input.events,
    description: input.description,
    enabled: input.enabled,
    // enabled again: its failures so far no longer count towards disabling it
    ...(input.enabled === true ? { failingSince: null } : {}),
  });
  return toWebhookWire(row);
}

export async function deleteWebhook(db: Db, user: UserRow, id: string): Promise<void> {
  await ownWebhook(db, user, id);
  await q.deleteWebhook(db, id);
}

export async function listWebhookDeliveries(
  db: Db,
  user: UserRow,
  id: string,
  page: { limit: number; offset: number },
): Promise<{ items: DeliveryWire[]; total: number }> {
  await ownWebhook(db, user, id);
  const { items, total } = await q.listDeliveries(db, { webhookId: id }, page);
  return { items: items.map(toDeliveryWire), total };
}

/** Queues a `webhook.test` event for this endpoint only. */
export async function sendWebhookTest(db: Db, user: UserRow, id: string): Promise<DeliveryWire> {
  const webhook = await ownWebhook(db, user, id);
  const row = await q.queueTestEvent(db, { webhookId: id }, WEBHOOK_TEST_EVENT, {
    webhook_id: webhook.id,
    message: 'This is a test event from Affilio.',
  });
  return toDeliveryWire(row);
}

/** Sends a logged delivery's event to the endpoint again (a new attempt, due now). */
export async function resendWebhookDelivery(
  db: Db,
  user: UserRow,
  id: string,
  deliveryId: string,
): Promise<DeliveryWire> {
  await ownWebhook(db, user, id);
  const delivery = await q.findDelivery(db, { webhookId: id }, deliveryId);
  if (!delivery) throw notFound('Delivery not found');
  return toDeliveryWire(await q.queueResend(db, { webhookId: id }, delivery));
}
