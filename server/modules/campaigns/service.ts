import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connection';
import type { CampaignRow } from '../../db/rows';
import { fieldError, forbidden, notFound, unprocessable } from '../../platform/http-error';
import { effectiveDeepLinkHosts } from '../../../contracts/deep-links';
import { audit } from '../../platform/audit';
import { campaignFraudWire } from '../fraud/service';
import { assertCreativesUsable } from '../media/service';
import type { UserRow } from '../../platform/current-user';
import { canEditCampaign, canSeeCampaignPrivateFields, canViewCampaign } from './policy';
import * as q from './queries';
import { normalizePublisherCaps } from '../../../contracts/publisher-caps-schema';
import type { Campaign, createCampaignBody, ListCampaignsQuery, updateCampaignBody } from './schema';

/** what a change needs: the database, and the bus its `campaign.changed` goes to once it is stored */
type ServiceContext = Pick<AppContext, 'db' | 'events'>;

type CampaignInput = z.output<typeof updateCampaignBody>;

const newTrackingSecret = () => randomBytes(24).toString('base64url');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCampaignResponse(row: CampaignRow, viewer: UserRow): Campaign {
  const privileged = canSeeCampaignPrivateFields(viewer, row);
  return {
    id: row.id,
    advertiser_id: row.advertiserId,
    name: row.name,
    description: row.description,
    category: row.category,
    status: row.status,
    landing_url: row.landingUrl,
    currency: row.currency,
    commission_model: row.commissionModel,
    payout_minor: row.payoutMinor,
    revshare_bps: row.revshareBps,
    tiers: row.tiers,
    // a publisher sees only the override that concerns them
    publisher_overrides: privileged
      ? row.publisherOverrides
      : row.publisherOverrides.filter((o) => o.publisher_id === viewer.id),
    budget_minor: row.budgetMinor,
    daily_cap_minor: row.dailyCapMinor,
    attribution_days: row.attributionDays,
    approval_mode: row.approvalMode,
    allowed_countries: row.allowedCountries,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    terms: row.terms,
    creative_ids: row.creativeIds,
    pixel_enabled: row.pixelEnabled,
    max_order_minor: row.maxOrderMinor,
    deep_link_hosts: effectiveDeepLinkHosts(row.deepLinkHosts, row.landingUrl),
    recurring: row.recurring,
    publisher_caps: normalizePublisherCaps(row.publisherCaps),
    // a publisher never learns the thresholds: they would teach how to stay under them
    ...(privileged ? { fraud: campaignFraudWire(row.fraud), tracking_secret: row.trackingSecret } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toRowPatch(input: CampaignInput): Partial<q.NewCampaignRow> {
  const patch: Partial<q.NewCampaignRow> = {};
  const set = <K extends keyof q.NewCampaignRow>(key: K, value: q.NewCampaignRow[K] | undefined) => {
    if (value !== undefined) patch[key] = value;
  };
  set('name', input.name);
  set('description', input.description);
  set('category', input.category);
  set('status', input.status);
  set('landingUrl', input.landing_url);
  set('currency', input.currency);
  set('commissionModel', input.commission_model);
  set('payoutMinor', input.payout_minor);
  set('revshareBps', input.revshare_bps);
  set('tiers', input.tiers);
  set('publisherOverrides', input.publisher_overrides);
  set('budgetMinor', input.budget_minor);
  set('dailyCapMinor', input.daily_cap_minor);
  set('attributionDays', input.attribution_days);
  set('approvalMode', input.approval_mode);
  set('allowedCountries', input.allowed_countries);
  set(
    'startsAt',
    input.starts_at === undefined ? undefined : input.starts_at ? new Date(input.starts_at) : null,
  );
  set('endsAt', input.ends_at === undefined ? undefined : input.ends_at ? new Date(input.ends_at) : null);
  set('terms', input.terms);
  set('creativeIds', input.creative_ids);
  set('pixelEnabled', input.pixel_enabled);
  set('maxOrderMinor', input.max_order_minor);
  set('deepLinkHosts', input.deep_link_hosts);
  set('recurring', input.recurring);
  set('fraud', input.fraud === undefined ? undefined : campaignFraudWire(input.fraud));
  if (input.publisher_caps !== undefined) {
    const caps = normalizePublisherCaps(input.publisher_caps);
    patch.publisherCaps = Object.values(caps).some((v) => v !== null) ? caps : null;
  }
  return patch;
}

type RuleSubject = Pick<
  q.NewCampaignRow,
  | 'commissionModel'
  | 'payoutMinor'
  | 'revshareBps'
  | 'tiers'
  | 'publisherOverrides'
  | 'startsAt'
  | 'endsAt'
  | 'recurring'
>;

/**
 * Rules across fields, checked on the merged result of create or update: the payout field matches the
 * model (the other one is cleared), tiers and overrides speak the model's unit, dates are ordered.
 */
function applyCampaignRules(c: RuleSubject): Pick<q.NewCampaignRow, 'payoutMinor' | 'revshareBps'> {
  const revshare = c.commissionModel === 'revshare';
  const unit = revshare ? 'revshare_bps' : 'payout_minor';
  if (revshare ? c.revshareBps == null : c.payoutMinor == null) {
    throw unprocessable(`${unit} is required for the ${c.commissionModel} model`);
  }
  const speaksUnit = (x: { payout_minor?: number; revshare_bps?: number }) =>
    revshare ? x.revshare_bps !== undefined : x.payout_minor !== undefined;
  if (!(c.tiers ?? []).every(speaksUnit))
    throw unprocessable(`every tier needs ${unit} for the ${c.commissionModel} model`);
  const overrides = c.publisherOverrides ?? [];
  if (!overrides.every(speaksUnit)) {
    throw unprocessable(`every publisher override needs ${unit} for the ${c.commissionModel} model`);
  }
  if (new Set(overrides.map((o) => o.publisher_id)).size !== overrides.length) {
    throw unprocessable('publisher_overrides lists a publisher twice');
  }
  if (c.startsAt && c.endsAt && c.endsAt <= c.startsAt)
    throw unprocessable('ends_at must be after starts_at');
  if (c.recurring && c.commissionModel !== 'cpa' && c.commissionModel !== 'revshare') {
    throw fieldError('recurring', 'renewals are paid only by campaigns that pay per sale (cpa or revshare)');
  }
  return revshare
    ? { payoutMinor: null, revshareBps: c.revshareBps }
    : { payoutMinor: c.payoutMinor, revshareBps: null };
}

export async function createCampaign(
  { db, events }: ServiceContext,
  user: UserRow,
  body: z.output<typeof createCampaignBody>,
) {
  if (user.role !== 'advertiser') throw forbidden('Only advertisers can create campaigns');
  if (body.status === 'ended') throw unprocessable('a new campaign cannot start as ended');
  const values: q.NewCampaignRow = {
    ...toRowPatch(body),
    name: body.name,
    category: body.category,
    landingUrl: body.landing_url,
    currency: body.currency,
    commissionModel: body.commission_model,
    advertiserId: user.id,
    trackingSecret: newTrackingSecret(),
  };
  if (body.creative_ids) await assertCreativesUsable(db, { advertiserId: user.id }, body.creative_ids);
  const row = await q.insertCampaign(db, { ...values, ...applyCampaignRules(values) });
  events.emit('campaign.changed', { campaignId: row.id });
  return toCampaignResponse(row, user);
}

async function loadVisible(db: Db, user: UserRow, id: string): Promise<CampaignRow> {
  const row = await q.findCampaign(db, id);
  // a campaign the caller may not see answers like one that does not exist
  if (!row || !canViewCampaign(user, row)) throw notFound('Campaign not found');
  return row;
}

export async function getCampaign(db: Db, user: UserRow, id: string) {
  return toCampaignResponse(await loadVisible(db, user, id), user);
}

export async function updateCampaign(
  { db, events }: ServiceContext,
  user: UserRow,
  id: string,
  body: CampaignInput,
) {
  const current = await loadVisible(db, user, id);
  if (!canEditCampaign(user, current)) throw forbidden('Only the campaign owner or an admin can change it');
  if (current.status === 'ended' && body.status && body.status !== 'ended') {
    throw unprocessable('an ended campaign cannot be reopened');
  }
  if (body.creative_ids) await assertCreativesUsable(db, current, body.creative_ids);
  const patch = toRowPatch(body);
  const merged = { ...current, ...patch };
  const row = await q.updateCampaign(db, id, { ...patch, ...applyCampaignRules(merged) });
  events.emit('campaign.changed', { campaignId: row.id });
  return toCampaignResponse(row, user);
}

/** A new postback secret; the old one stops working at once (a leaked secret is the usual reason). */
export async function rotateTrackingSecret(db: Db, user: UserRow, id: string): Promise<Campaign> {
  const current = await loadVisible(db, user, id);
  if (!canEditCampaign(user, current)) {
    throw forbidden('Only the campaign owner or an admin can rotate its tracking secret');
  }
  const row = await q.updateCampaign(db, id, { trackingSecret: newTrackingSecret() });
  await audit(db, {
    actorId: user.id,
    action: 'campaign.tracking_secret_rotated',
    entityType: 'campaign',
    entityId: id,
  });
  return toCampaignResponse(row, user);
}

/**
 * Deletes a campaign that never tracked anything. One with clicks or conversions keeps its history
 * (commissions, reports, audit) and is ended instead; the caller gets the ended campaign back.
 */
export async function deleteCampaign(
  { db, events }: ServiceContext,
  user: UserRow,
  id: string,
): Promise<Campaign | null> {
  const current = await loadVisible(db, user, id);
  if (!canEditCampaign(user, current)) throw forbidden('Only the campaign owner or an admin can delete it');
  if (await q.hasTrackingHistory(db, id)) {
    const row = current.status === 'ended' ? current : await q.updateCampaign(db, id, { status: 'ended' });
    events.emit('campaign.changed', { campaignId: id });
    return toCampaignResponse(row, user);
  }
  await q.deleteCampaign(db, id);
  events.emit('campaign.changed', { campaignId: id });
  return null;
}

export async function listCampaigns(db: Db, user: UserRow, query: ListCampaignsQuery) {
  const filter: q.CampaignFilter = {
    category: query.category === 'all' ? undefined : query.category,
    status: query.status === 'all' ? undefined : query.status,
    search: query.search || undefined,
  };
  if (user.role === 'advertiser') filter.advertiserId = user.id;
  else if (user.role === 'admin') filter.advertiserId = query.advertiser_id;
  else {
    // publishers browse the marketplace: active campaigns only, whatever status they ask for
    if (filter.status && filter.status !== 'active') return { items: [], total: 0 };
    filter.status = 'active';
    filter.advertiserId = query.advertiser_id;
  }
  const { items, total } = await q.listCampaigns(db, filter, query);
  return { items: items.map((row) => toCampaignResponse(row, user)), total };
}

// For other modules: a campaign row by id, and who may see or edit it (search and the tracking test
// tool answer with the same rules as the campaign routes).
export { findCampaign } from './queries';
export { canEditCampaign, canViewCampaign } from './policy';
