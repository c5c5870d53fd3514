import { createHmac, timingSafeEqual } from 'node:crypto';
import { conflict, fieldError, forbidden, unprocessable } from '../../platform/http-error';
import { isSupportedCurrency, type CurrencyCode } from '../../platform/currency-codes';
import { AmountError, convertMinor, describeRate, formatMinor, parseMajorAmount } from '../../platform/money';
import type { RateTable } from '../../platform/exchange-rates';
import { PAID_EVENT } from '../../platform/commission-math';
import type { CampaignRow, CommissionRow } from '../../db/rows';
import type { FoundClick } from './conversion-queries';
import type { ConversionInput, ConversionResult } from './conversions';
import type { ConversionRow } from './queries';

// The rules of a conversion (postback or pixel), without the database: conversion-batch.ts reads what they
// need for a whole batch at once and applies them item by item.

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
 * The checks that come before the duplicate check: the postback's secret, or the pixel's trust level. A
 * repeat with the wrong secret is refused like any other. Answers whether the conversion is client-reported
 * (an unsigned pixel).
 */
export function authorizeConversion(input: ConversionInput, campaign: CampaignRow): boolean {
  if (input.source === 'postback' && input.keyOwnerId !== undefined) {
    if (input.keyOwnerId !== campaign.advertiserId) {
      throw forbidden('This API key belongs to another account than the advertiser of this click’s campaign');
    }
  } else if (input.source === 'postback' && !secretMatches(input.secret, campaign.trackingSecret)) {
    throw forbidden('The secret does not match this campaign’s tracking secret');
  }
  return input.source === 'pixel' && pixelTrust(input, campaign) === 'unsigned';
}

/** What a new conversion stores, once every rule passed. */
export interface CheckedConversion {
  originalAmountMinor: number;
  originalCurrency: string;
  /** in the campaign currency */
  amountMinor: number;
  rate: string;
}

/** What a conversion's checks are made against besides the click and the campaign. */
export interface ConversionCheckContext {
  rates: RateTable;
  /** an unsigned pixel: its amount is capped by the campaign */
  clientReported: boolean;
  now: Date;
  /** MAX_CONVERSION_AMOUNT_MINOR */
  maxAmountMinor: number;
}

/**
 * The cap on every conversion's amount, as reported and in the campaign currency: sums over many stay exact
 * and small enough for every report, and a typo or a forged amount of 10^15 never becomes a commission.
 */
function assertAmountWithinCap(amountMinor: number, currency: CurrencyCode, maxMinor: number): void {
  if (amountMinor <= maxMinor) return;
  throw fieldError(
    'amount',
    `${formatMinor(amountMinor, currency)} is above the largest amount one conversion may report, ${formatMinor(maxMinor, currency)}`,
  );
}

/** The rules a new conversion must pass (after the duplicate check), against the campaign as read to record it. */
export function checkConversion(
  input: ConversionInput,
  found: FoundClick,
  campaign: CampaignRow,
  { rates, clientReported, now, maxAmountMinor }: ConversionCheckContext,
): CheckedConversion {
  const { click } = found;
  if (click.isBot)
    throw unprocessable(
      'The click was flagged as a bot (crawler, HEAD request or script); it cannot convert',
    );
  if (!found.linkActive || found.publisherStatus !== 'active') {
    throw conflict('The publisher’s tracking link is no longer active');
  }
  assertCampaignLive(campaign, now);
  const windowEnds = click.createdAt.getTime() + campaign.attributionDays * DAY_MS;
  if (now.getTime() > windowEnds) {
    throw unprocessable(
      `The click is outside the campaign’s attribution window of ${campaign.attributionDays} days`,
    );
  }
  const originalCurrency = (input.currency ?? campaign.currency).toUpperCase();
  if (!isSupportedCurrency(originalCurrency))
    throw unprocessable(`Currency ${originalCurrency} is not supported`);
  const model = campaign.commissionModel;
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
  const campaignCurrency = campaign.currency as CurrencyCode;
  const amountMinor = convertMinor(originalAmountMinor, originalCurrency, campaignCurrency, rates.perUsd);
  // the campaign's own cap on unsigned pixels says more than the platform's: it is checked first
  if (clientReported) assertUnsignedPixelAmount(campaign, amountMinor);
  assertAmountWithinCap(originalAmountMinor, originalCurrency, maxAmountMinor);
  assertAmountWithinCap(amountMinor, campaignCurrency, maxAmountMinor);
  return {
    originalAmountMinor,
    originalCurrency,
    amountMinor,
    rate: `${describeRate(originalCurrency, campaignCurrency, rates.perUsd)} (${rates.source})`,
  };
}

export function assertCampaignLive(campaign: CampaignRow, now: Date): void {
  if (campaign.status !== 'active') throw conflict(`The campaign is ${campaign.status}, not active`);
  if (campaign.startsAt && now < campaign.startsAt) throw conflict('The campaign has not started yet');
  if (campaign.endsAt && now > campaign.endsAt) throw conflict('The campaign has ended');
}

export function describeConversion(
  conversion: ConversionRow,
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
    attributed_by: conversion.attributedBy,
  };
}
