import type { Db } from '../../db/connection';
import type { CampaignRow } from '../../db/rows';
import { fieldError, forbidden, notFound, unprocessable } from '../../platform/http-error';
import type { ConversionInput } from './conversions';
import * as clq from './clickless-queries';
import type { ClicklessAttribution, FoundClick } from './conversion-queries';
import type { BatchItem } from './conversion-batch-state';
import { recurringEndsAt } from './recurring';

/** A clickless item's stand-in for a click (its publisher, website, link state) and its campaign. */
export interface ClicklessFound {
  found: FoundClick;
  campaign: CampaignRow;
}

/**
 * Phase 1, for conversions without a click of their own: a coupon code with no click_id (the click wins when
 * both are sent) and renewals. Each is resolved to its publisher, as if by a click made now (so the
 * attribution window does not apply), and its campaign is added to `campaigns`. Answers by item index;
 * an item that cannot be resolved gets its error (an unknown or revoked code: 422 on `coupon`).
 */
export async function resolveClickless(
  tx: Db,
  items: BatchItem[],
  campaigns: Map<string, CampaignRow>,
): Promise<Map<number, ClicklessFound | Error>> {
  const resolved = new Map<number, ClicklessFound | Error>();
  for (const [index, item] of items.entries()) {
    const { input } = item;
    if (input.source !== 'postback' || (!input.renewal && (input.clickId !== '' || !input.coupon))) continue;
    try {
      const found = input.renewal ? await resolveRenewal(tx, item) : await resolveCoupon(tx, item);
      campaigns.set(found.campaign.id, found.campaign);
      resolved.set(index, found);
    } catch (err) {
      resolved.set(index, err as Error);
    }
  }
  return resolved;
}

function scopeOf(input: ConversionInput): clq.CampaignScope {
  if (input.campaignId) return { campaignId: input.campaignId };
  if (input.keyOwnerId) return { advertiserId: input.keyOwnerId };
  return { secret: input.secret };
}

/** Refuses a postback whose scope names no campaign, as the click path refuses an unknown click or secret. */
async function assertScope(tx: Db, input: ConversionInput): Promise<void> {
  if (input.keyOwnerId && !input.campaignId) return;
  if ((await clq.campaignsInScope(tx, scopeOf(input))).length > 0) return;
  if (input.campaignId) throw notFound('Unknown campaign_id: no such campaign');
  throw forbidden('The secret does not match any campaign’s tracking secret');
}

async function resolveCoupon(tx: Db, item: BatchItem): Promise<ClicklessFound> {
  const { input } = item;
  await assertScope(tx, input);
  const matches = await clq.findActiveCoupons(tx, input.coupon!, scopeOf(input));
  if (matches.length === 0) {
    throw fieldError(
      'coupon',
      `Unknown coupon code ${input.coupon}: no active code like it on this campaign`,
    );
  }
  if (matches.length > 1) {
    throw fieldError('campaign_id', 'This code is on several of your campaigns: send campaign_id too');
  }
  const { couponId, publisherId, campaign } = matches[0]!;
  return standIn(tx, item, campaign, publisherId, false, {
    by: 'coupon',
    couponId,
    clickId: null,
    renewalOf: null,
  });
}

async function resolveRenewal(tx: Db, item: BatchItem): Promise<ClicklessFound> {
  const { input } = item;
  await assertScope(tx, input);
  const field = input.customerId !== undefined ? 'customer_id' : 'subscription_id';
  const sales = await clq.findFirstSales(
    tx,
    { customerId: input.customerId, subscriptionId: input.subscriptionId },
    scopeOf(input),
  );
  if (sales.length === 0) {
    throw fieldError(field, `Unknown ${field}: no earlier sale with it on this campaign`);
  }
  if (sales.length > 1) {
    throw fieldError(
      'campaign_id',
      `This ${field} has sales on several of your campaigns: send campaign_id too`,
    );
  }
  const { sale, campaign } = sales[0]!;
  const recurring = campaign.recurring;
  if (!recurring) throw unprocessable('This campaign does not pay on renewals (recurring is off)');
  const ends = recurringEndsAt(sale.createdAt, recurring.months);
  if (ends && item.now > ends) {
    throw unprocessable(
      `Renewals of this sale were paid for ${recurring.months} months after it, until ${ends.toISOString().slice(0, 10)}`,
    );
  }
  if (recurring.revshare_bps !== undefined && (input.amount === undefined || Number(input.amount) === 0)) {
    throw fieldError('amount', 'This campaign pays a share of each renewal: send the renewal’s amount');
  }
  return standIn(tx, item, campaign, sale.publisherId, sale.isTest, {
    by: sale.attributedBy,
    couponId: sale.couponId,
    clickId: sale.clickId,
    renewalOf: sale.id,
  });
}

/** A click-shaped stand-in: the publisher's link and website, made now (no window), never a bot. */
async function standIn(
  tx: Db,
  item: BatchItem,
  campaign: CampaignRow,
  publisherId: string,
  isTest: boolean,
  attribution: ClicklessAttribution,
): Promise<ClicklessFound> {
  const link = await clq.publisherLink(tx, campaign.id, publisherId);
  if (!link) throw unprocessable('The code’s publisher has no tracking link on this campaign');
  return {
    campaign,
    found: {
      click: {
        id: attribution.clickId ?? '',
        linkId: link.linkId,
        campaignId: campaign.id,
        publisherId,
        websiteId: link.websiteId,
        ipHash: '',
        userAgent: '',
        referrer: null,
        sub1: null,
        sub2: null,
        sub3: null,
        sub4: null,
        sub5: null,
        country: null,
        isUnique: false,
        isBot: false,
        isTest,
        netHash: null,
        createdAt: item.now,
      },
      linkActive: link.active,
      publisherStatus: link.publisherStatus,
      attribution,
    },
  };
}

/** What a conversion row stores of its attribution, customer and renewal (spread over its other values). */
export function attributionValues(found: FoundClick, input: ConversionInput) {
  const a = found.attribution;
  return {
    clickId: a ? a.clickId : found.click.id,
    attributedBy: a?.by ?? 'click',
    couponId: a?.couponId ?? null,
    renewalOf: a?.renewalOf ?? null,
    event: input.renewal ? ('renewal' as const) : input.event,
    customerId: input.customerId ?? null,
    subscriptionId: input.subscriptionId ?? null,
  };
}
