import type { RateTable } from '../../platform/exchange-rates';
import type { CampaignRow, CommissionRow } from '../../db/rows';
import type { NotificationRow } from '../../platform/notifier';
import type { ClickBuffer } from './click-buffer';

export interface ConversionInput {
  /** empty when a postback names a coupon instead, and for a renewal (conversion-batch-clickless.ts) */
  clickId: string;
  orderId: string;
  amount?: string | number;
  currency?: string;
  event: 'sale' | 'lead';
  /** required for server-to-server postbacks (unless sent with an API key); the pixel has none */
  secret?: string;
  /**
   * a postback sent with an API key (full scope, conversions): the key's owner, who must be the advertiser
   * of the click's campaign; it stands in for the secret
   */
  keyOwnerId?: string;
  /** pixel only: hex HMAC-SHA256 of `click_id|order_id|amount|currency` with the tracking secret */
  sig?: string;
  source: 'postback' | 'pixel';
  /** postback only: a coupon code (upper-case); it attributes the conversion when there is no click_id */
  coupon?: string;
  /** the advertiser's ids of the customer and subscription: a renewal finds its first sale by them */
  customerId?: string;
  subscriptionId?: string;
  /** postback only: the campaign of a coupon or renewal, where the secret or API key does not tell it */
  campaignId?: string;
  /** event=renewal: a recurring payment of an earlier sale; `event` is `sale` then, and the row says renewal */
  renewal?: boolean;
  /** pixel only: the browser that fired it (its address hashed like a click's), for the fraud rules */
  visitor?: { ipHash: string; netHash: string | null; userAgent: string };
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
  attributed_by: 'click' | 'coupon';
}

export interface ConversionOutcome {
  result: ConversionResult;
  /** what the caller tells people about after the commit (nothing for a duplicate) */
  created?: {
    campaign: CampaignRow;
    publisherId: string;
    commission: CommissionRow | null;
    budgetReached: boolean;
    /** the publisher's notification, stored with the conversion: hand it to the notifier's delivery */
    notification: NotificationRow | null;
  };
}

export interface ConversionRequest {
  input: ConversionInput;
  /** when the request arrived: the conversion's time, and what its checks are made against */
  now: Date;
  rates: () => Promise<RateTable>;
}

/** Writes submitted conversions (the group-commit ConversionWriter of conversion-batch.ts). */
export interface ConversionSink {
  submit(request: ConversionRequest): Promise<ConversionOutcome>;
}

export interface ConversionDeps {
  clicks: ClickBuffer;
  rates: () => Promise<RateTable>;
  /** the process's group-commit writer for this database (Tracking.conversions) */
  writer: ConversionSink;
  now?: () => Date;
}

/**
 * Records a conversion and its commission, committed before the caller answers. Concurrent conversions are
 * written together, one transaction per batch (conversion-batch.ts). (campaign, order_id) is unique: a repeat
 * returns the first result with `duplicate: true` and creates nothing, also when both arrive at once.
 */
export async function recordConversion(
  deps: ConversionDeps,
  input: ConversionInput,
): Promise<ConversionOutcome> {
  const now = deps.now?.() ?? new Date();
  // a postback that follows its click within the buffer window must find the click written
  if (deps.clicks.has(input.clickId)) await deps.clicks.flush();
  return deps.writer.submit({ input, now, rates: deps.rates });
}
