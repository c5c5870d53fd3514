import type { Db } from '../../db/connection';
import type { UserRow } from '../../platform/current-user';
import { fieldError, notFound, unprocessable } from '../../platform/http-error';
import { findCampaign, canViewCampaign } from '../campaigns/service';
import { latestConversionFacts } from '../tracking/service';
import { INTEGRATION_LIMITS } from '../../../contracts/integrations';
import { toDeliveryWire } from './deliveries';
import { unknownMacros, type MacroValues } from './macros';
import * as q from './queries';
import { macroValues } from './requests';
import type { CreatePostbackInput, DeliveryWire, PostbackWire, UpdatePostbackInput } from './schema';
import { checkTargetUrl, type TargetRules } from './webhooks-service';

export function toPostbackWire(row: q.PostbackRow): PostbackWire {
  return {
    id: row.id,
    url: row.url,
    campaign_id: row.campaignId,
    on: row.on,
    method: row.method,
    enabled: row.enabled,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A URL with only known macros, http(s), and a public host: else a 422 naming what is wrong. */
async function checkPostbackUrl(url: string, rules: TargetRules): Promise<void> {
  const unknown = unknownMacros(url);
  if (unknown.length > 0) {
    throw fieldError('url', `unknown macro ${unknown.map((m) => `{${m}}`).join(', ')}`);
  }
  // the host is checked with the macros filled in (a macro may stand in the query, not in the host)
  await checkTargetUrl(url.replace(/\{[^{}]*\}/g, 'x'), rules);
}

async function checkCampaign(db: Db, user: UserRow, campaignId: string | null | undefined): Promise<void> {
  if (!campaignId) return;
  const campaign = await findCampaign(db, campaignId);
  if (!campaign || !canViewCampaign(user, campaign)) throw fieldError('campaign_id', 'no such campaign');
}

async function ownPostback(db: Db, user: UserRow, id: string): Promise<q.PostbackRow> {
  const row = await q.findPostback(db, id);
  if (!row || row.publisherId !== user.id) throw notFound('Postback not found');
  return row;
}

export async function listPostbacks(db: Db, user: UserRow): Promise<PostbackWire[]> {
  return (await q.listPostbacks(db, user.id)).map(toPostbackWire);
}

export async function createPostback(
  db: Db,
  rules: TargetRules,
  user: UserRow,
  input: CreatePostbackInput,
): Promise<PostbackWire> {
  await checkPostbackUrl(input.url, rules);
  await checkCampaign(db, user, input.campaign_id);
  if ((await q.countPostbacks(db, user.id)) >= INTEGRATION_LIMITS.perUser) {
    throw unprocessable(`You can keep at most ${INTEGRATION_LIMITS.perUser} postbacks`);
  }
  const row = await q.insertPostback(db, {
    publisherId: user.id,
    url: input.url,
    campaignId: input.campaign_id ?? null,
    on: input.on,
    method: input.method,
  });
  return toPostbackWire(row);
}

export async function updatePostback(
  db: Db,
  rules: TargetRules,
  user: UserRow,
  id: string,
  input: UpdatePostbackInput,
): Promise<PostbackWire> {
  await ownPostback(db, user, id);
  if (input.url !== undefined) await checkPostbackUrl(input.url, rules);
  await checkCampaign(db, user, input.campaign_id);
  const row = await q.updatePostback(db, id, {
    url: input.url,
    campaignId: input.campaign_id,
    on: input.on,
    method: input.method,
    enabled: input.enabled,
    ...(input.enabled === true ? { failingSince: null } : {}),
  });
  return toPostbackWire(row);
}

export async function deletePostback(db: Db, user: UserRow, id: string): Promise<void> {
  await ownPostback(db, user, id);
  await q.deletePostback(db, id);
}

export async function listPostbackDeliveries(
  db: Db,
  user: UserRow,
  id: string,
  page: { limit: number; offset: number },
): Promise<{ items: DeliveryWire[]; total: number }> {
  await ownPostback(db, user, id);
  const { items, total } = await q.listDeliveries(db, { postbackId: id }, page);
  return { items: items.map(toDeliveryWire), total };
}

const SAMPLE: MacroValues = {
  click_id: 'test-click-id',
  transaction_id: 'test-click-id',
  sub1: 'sub1',
  sub2: '',
  sub3: '',
  sub4: '',
  sub5: '',
  conversion_id: '00000000-0000-0000-0000-000000000000',
  order_id: 'TEST-ORDER',
  event: 'sale',
  status: 'pending',
  payout: '12.50',
  payout_minor: '1250',
  currency: 'USD',
  campaign_id: '00000000-0000-0000-0000-000000000000',
  campaign_name: 'Test campaign',
  timestamp: '0',
};

/**
 * The macro values of the publisher's latest real conversion (in the campaign, or any), or sample values
 * when there is none: the settings screen's preview and the test postback.
 */
export async function previewValues(
  db: Db,
  user: UserRow,
  campaignId: string | null,
): Promise<{ conversion_id: string | null; values: MacroValues }> {
  const facts = await latestConversionFacts(db, user.id, campaignId);
  if (!facts)
    return { conversion_id: null, values: { ...SAMPLE, timestamp: String(Math.floor(Date.now() / 1000)) } };
  const values = macroValues(
    {
      id: '',
      eventId: '',
      attempt: 1,
      type: 'conversion.created',
      data: {
        id: facts.conversionId,
        commission_minor: facts.commissionMinor,
        status: facts.commissionStatus ?? 'recorded',
        currency: facts.currency,
      },
      eventCreatedAt: facts.createdAt,
      webhook: null,
      postback: null,
    },
    facts,
  );
  return { conversion_id: facts.conversionId, values };
}

/** Queues a test postback filled like the preview (latest conversion or sample values), marked as a test. */
export async function sendPostbackTest(db: Db, user: UserRow, id: string): Promise<DeliveryWire> {
  const postback = await ownPostback(db, user, id);
  const { values } = await previewValues(db, user, postback.campaignId);
  const row = await q.queueTestEvent(db, { postbackId: id }, 'conversion.created', {
    test: true,
    macros: values,
  });
  return toDeliveryWire(row);
}

/** Sends a logged postback again (a new attempt, due now). */
export async function resendPostbackDelivery(
  db: Db,
  user: UserRow,
  id: string,
  deliveryId: string,
): Promise<DeliveryWire> {
  await ownPostback(db, user, id);
  const delivery = await q.findDelivery(db, { postbackId: id }, deliveryId);
  if (!delivery) throw notFound('Delivery not found');
  return toDeliveryWire(await q.queueResend(db, { postbackId: id }, delivery));
}
