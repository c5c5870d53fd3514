import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connection';
import { commissions } from '../../db/schema';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/http-error';
import { eq } from 'drizzle-orm';
import { isSupportedCurrency, type CurrencyCode } from '../currency/codes';
import { AmountError, convertMinor, describeRate, formatMinor, parseMajorAmount } from '../currency/money';
import type { RateTable } from '../currency/rates';
import { PAID_EVENT } from '../commissions/math';
import type { CampaignRow } from '../campaigns/queries';
import type { CommissionRow } from '../commissions/queries';
import { lockCampaign, recordCommission } from '../commissions/record';
import type { ClickBuffer } from './click-buffer';
import * as q from './queries';

export interface ConversionInput {
  clickId: string;
  orderId: string;
  amount?: string | number;
  currency?: string;
  event: 'sale' | 'lead';
  /** required for server-to-server postbacks; the pixel has none */
  secret?: string;
  /** pixel only: hex HMAC-SHA256 of `click_id|order_id|amount|currency` with the tracking secret */
  sig?: string;
  source: 'postback' | 'pixel';
}

/** Wire answer of `POST /api/postback` and the pixel. */
export interface ConversionResult {
  conversion_id: string;
  /** null when the campaign's model does not pay for conversions (CPC) */
  commission_id: string | null;
  /** the commission's status, or `recorded` when there is none */
  status: string;
  duplicate: boolean;
  amount_minor: number;
  currency: string;
  commission_minor: number | null;
  is_test: boolean;
}

export interface ConversionOutcome {
  result: ConversionResult;
  /** what the caller tells people about after the commit (nothing for a duplicate) */
  created?: {
    campaign: CampaignRow;
    publisherId: string;
    commission: CommissionRow | null;
    budgetReached: boolean;
  };
}

export interface ConversionDeps {
  db: Db;
  clicks: ClickBuffer;
  rates: () => Promise<RateTable>;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function secretMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a signed pixel's `sig` covers: the fields as sent, an absent one as an empty string. */
export function pixelSignature(
  secret: string,
  fields: { clickId: string; orderId: string; amount?: string | number; currency?: string },
): string {
  const message = `${fields.clickId}|${fields.orderId}|${fields.amount ?? ''}|${fields.currency ?? ''}`;
  return createHmac('sha256', secret).update(message).digest('hex');
}

/**
 * The pixel's trust level: refused while the campaign has it off; `signed` when `sig` matches (it then counts
 * like a postback); otherwise unsigned, which the caller caps and never auto-approves.
 */
function pixelTrust(input: ConversionInput, campaign: CampaignRow): 'signed' | 'unsigned' {
  if (!campaign.pixelEnabled) {
    throw forbidden(
      'The browser pixel is off for this campaign: report conversions with a postback, or ask the advertiser to turn the pixel on',
    );
  }
  if (input.sig === undefined) return 'unsigned';
  if (!secretMatches(input.sig.toLowerCase(), pixelSignature(campaign.trackingSecret, input))) {
    throw forbidden(
      'The pixel signature (sig) does not match: it is the hex HMAC-SHA256 of click_id|order_id|amount|currency with the campaign’s tracking secret',
    );
  }
  return 'signed';
}

/** Limits of an unsigned pixel: anyone who sees the click id can fire it, so its amount is capped. */
function assertUnsignedPixelAmount(campaign: CampaignRow, amountMinor: number): void {
  const cap = campaign.maxOrderMinor;
  if (cap === null) {
    if (campaign.commissionModel === 'revshare') {
      throw unprocessable(
        'This campaign pays a share of the order amount: an unsigned pixel needs a maximum order amount in the campaign settings; sign the pixel (sig) or send a postback',
      );
    }
    return;
  }
  if (amountMinor > cap) {
    const currency = campaign.currency as CurrencyCode;
    throw unprocessable(
      `The order amount ${formatMinor(amountMinor, currency)} is above this campaign’s maximum of ${formatMinor(cap, currency)} for unsigned pixel conversions; sign the pixel (sig) or send a postback`,
    );
  }
}

/**
 * Records a conversion and its commission in one transaction, committed before the caller answers.
 * (campaign, order_id) is unique: a repeat returns the first result with `duplicate: true` and creates
 * nothing, also when both arrive at once (the insert's ON CONFLICT decides, under the campaign lock).
 */
export async function recordConversion(
  deps: ConversionDeps,
  input: ConversionInput,
): Promise<ConversionOutcome> {
  const now = deps.now?.() ?? new Date();
  // a postback that follows its click within the buffer window must find the click written
  if (deps.clicks.has(input.clickId)) await deps.clicks.flush();
  const found = await q.findClick(deps.db, input.clickId);
  if (!found) throw notFound('Unknown click_id: no click with this id was recorded');
  const { click } = found;

  const campaignRow = await deps.db.query.campaigns.findFirst({
    where: (c, { eq: is }) => is(c.id, click.campaignId),
  });
  if (!campaignRow) throw notFound('Unknown click_id: its campaign no longer exists');
  if (input.source === 'postback' && !secretMatches(input.secret, campaignRow.trackingSecret)) {
    throw forbidden('The secret does not match this campaign’s tracking secret');
  }
  const clientReported = input.source === 'pixel' && pixelTrust(input, campaignRow) === 'unsigned';

  const existing = await q.findConversionByOrder(deps.db, campaignRow.id, input.orderId);
  if (existing) return { result: await describeExisting(deps.db, existing) };

  if (click.isBot)
    throw unprocessable(
      'The click was flagged as a bot (crawler, HEAD request or script); it cannot convert',
    );
  if (!found.linkActive || found.publisherStatus !== 'active') {
    throw conflict('The publisher’s tracking link is no longer active');
  }
  assertCampaignLive(campaignRow, now);
  const windowEnds = click.createdAt.getTime() + campaignRow.attributionDays * DAY_MS;
  if (now.getTime() > windowEnds) {
    throw unprocessable(
      `The click is outside the campaign’s attribution window of ${campaignRow.attributionDays} days`,
    );
  }
  const originalCurrency = (input.currency ?? campaignRow.currency).toUpperCase();
  if (!isSupportedCurrency(originalCurrency))
    throw unprocessable(`Currency ${originalCurrency} is not supported`);
  const model = campaignRow.commissionModel;
  if (model !== 'cpc' && PAID_EVENT[model] !== input.event) {
    throw unprocessable(`This campaign pays per ${PAID_EVENT[model]}; send event=${PAID_EVENT[model]}`);
  }
  let originalAmountMinor: number;
  try {
    originalAmountMinor = parseMajorAmount(input.amount ?? 0, originalCurrency);
  } catch (err) {
    if (err instanceof AmountError) throw unprocessable(err.message);
    throw err;
  }
  if (model === 'revshare' && originalAmountMinor === 0) {
    throw unprocessable('This campaign pays a share of the order amount; send the amount of the sale');
  }
  const rates = await deps.rates();
  const campaignCurrency = campaignRow.currency as CurrencyCode;
  const amountMinor = convertMinor(originalAmountMinor, originalCurrency, campaignCurrency, rates.perUsd);
  if (clientReported) assertUnsignedPixelAmount(campaignRow, amountMinor);

  return deps.db.transaction(async (tx) => {
    const campaign = await lockCampaign(tx, campaignRow.id);
    if (!campaign) throw notFound('Unknown click_id: its campaign no longer exists');
    assertCampaignLive(campaign, now);
    // under the campaign lock, so two unsigned pixels for one click cannot both pass
    if (clientReported && (await q.clickHasClientReportedConversion(tx, click.id))) {
      throw conflict(
        'This click already has a conversion reported by an unsigned pixel; further ones need a signed pixel (sig) or a postback',
      );
    }
    const conversion = await q.insertConversion(tx, {
      clickId: click.id,
      campaignId: campaign.id,
      publisherId: click.publisherId,
      websiteId: click.websiteId,
      orderId: input.orderId,
      event: input.event,
      originalAmountMinor,
      originalCurrency,
      amountMinor,
      currency: campaign.currency,
      rate: `${describeRate(originalCurrency, campaignCurrency, rates.perUsd)} (${rates.source})`,
      source: input.source,
      clientReported,
      isTest: click.isTest,
      createdAt: now,
    });
    if (!conversion) {
      // a concurrent request with the same order won the insert; answer with its result
      const first = await q.findConversionByOrder(tx, campaign.id, input.orderId);
      if (!first) throw conflict('The conversion changed meanwhile; send it again');
      return { result: await describeExisting(tx, first) };
    }
    const recorded =
      model === 'cpc'
        ? { commission: null, budgetReached: false }
        : await recordCommission(tx, {
            campaign,
            publisherId: click.publisherId,
            websiteId: click.websiteId,
            event: input.event,
            amountMinor,
            conversionId: conversion.id,
            isTest: click.isTest,
            now,
          });
    return {
      result: describe(conversion, recorded.commission, false),
      created: { campaign, publisherId: click.publisherId, ...recorded },
    };
  });
}

function assertCampaignLive(campaign: CampaignRow, now: Date): void {
  if (campaign.status !== 'active') throw conflict(`The campaign is ${campaign.status}, not active`);
  if (campaign.startsAt && now < campaign.startsAt) throw conflict('The campaign has not started yet');
  if (campaign.endsAt && now > campaign.endsAt) throw conflict('The campaign has ended');
}

function describe(
  conversion: q.ConversionRow,
  commission: CommissionRow | null,
  duplicate: boolean,
): ConversionResult {
  return {
    conversion_id: conversion.id,
    commission_id: commission?.id ?? null,
    status: commission?.status ?? 'recorded',
    duplicate,
    amount_minor: conversion.amountMinor,
    currency: conversion.currency,
    commission_minor: commission?.amountMinor ?? null,
    is_test: conversion.isTest,
  };
}

async function describeExisting(db: Db, conversion: q.ConversionRow): Promise<ConversionResult> {
  const [commission] = await db.select().from(commissions).where(eq(commissions.conversionId, conversion.id));
  return describe(conversion, commission ?? null, true);
}
