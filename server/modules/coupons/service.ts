import type { Db } from '../../db/connection';
import { audit } from '../../platform/audit';
import { conflict, fieldError, forbidden, notFound } from '../../platform/http-error';
import type { UserRow } from '../../platform/current-user';
import { canViewCampaign, findCampaign } from '../campaigns/service';
import { canManageCoupons, canViewCoupon } from './policy';
import * as q from './queries';
import type { Coupon, ListCouponsQuery } from './schema';

export function toCouponResponse(row: q.CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    campaign_id: row.campaignId,
    publisher_id: row.publisherId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The campaign, or 404 for one the caller may not see (another advertiser's answers like a missing one). */
async function visibleCampaign(db: Db, user: UserRow, campaignId: string) {
  const campaign = await findCampaign(db, campaignId);
  if (!campaign || !canViewCampaign(user, campaign)) throw notFound('Campaign not found');
  return campaign;
}

/** A campaign's codes: all of them for its advertiser and admins, a publisher's own for a publisher. */
export async function listCampaignCoupons(db: Db, user: UserRow, campaignId: string, page: ListCouponsQuery) {
  const campaign = await visibleCampaign(db, user, campaignId);
  const filter: q.CouponFilter = { campaignId: campaign.id };
  if (!canManageCoupons(user, campaign)) filter.publisherId = user.id;
  const { items, total } = await q.listCoupons(db, filter, page);
  return { items: items.map(toCouponResponse), total };
}

/** `GET /api/coupons`: a publisher's codes, an advertiser's campaigns' codes, every code for admins. */
export async function listMyCoupons(db: Db, user: UserRow, query: ListCouponsQuery) {
  const filter: q.CouponFilter = { campaignId: query.campaign_id };
  if (user.role === 'publisher') filter.publisherId = user.id;
  else if (user.role === 'advertiser') filter.advertiserId = user.id;
  const { items, total } = await q.listCoupons(db, filter, query);
  return { items: items.map(toCouponResponse), total };
}

/**
 * Gives a publisher a code on a campaign. Only the campaign's advertiser (or an admin), and only to a
 * publisher whose application to the campaign is approved; the code is unique per campaign, any case.
 */
export async function createCoupon(
  db: Db,
  user: UserRow,
  campaignId: string,
  body: { code: string; publisher_id: string },
): Promise<Coupon> {
  const campaign = await visibleCampaign(db, user, campaignId);
  if (!canManageCoupons(user, campaign)) {
    throw forbidden('Only the campaign’s advertiser or an admin can give coupon codes');
  }
  if (!(await q.hasApprovedApplication(db, campaign.id, body.publisher_id))) {
    throw fieldError('publisher_id', 'the publisher has no approved application to this campaign');
  }
  const row = await db.transaction(async (tx) => {
    const created = await q.insertCoupon(tx, {
      campaignId: campaign.id,
      publisherId: body.publisher_id,
      code: body.code,
      createdBy: user.id,
    });
    if (!created) throw conflict(`The code ${body.code} is already in use on this campaign`);
    await audit(tx, {
      actorId: user.id,
      action: 'coupon.created',
      entityType: 'coupon',
      entityId: created.id,
      after: { code: created.code, campaign_id: campaign.id, publisher_id: created.publisherId },
    });
    return created;
  });
  return toCouponResponse(row);
}

/** Revokes a code: postbacks with it are refused from now on; conversions it brought keep naming it. */
export async function revokeCoupon(db: Db, user: UserRow, id: string, now = new Date()): Promise<void> {
  const coupon = await q.findCoupon(db, id);
  if (!coupon || !canViewCoupon(user, coupon)) throw notFound('Coupon not found');
  if (!canManageCoupons(user, coupon)) {
    throw forbidden('Only the campaign’s advertiser or an admin can revoke a coupon code');
  }
  await db.transaction(async (tx) => {
    const revoked = await q.revokeCoupon(tx, id, now);
    if (!revoked) throw notFound('Coupon not found');
    await audit(tx, {
      actorId: user.id,
      action: 'coupon.revoked',
      entityType: 'coupon',
      entityId: id,
      before: { code: coupon.code, publisher_id: coupon.publisherId },
    });
  });
}
