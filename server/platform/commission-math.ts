import { roundHalfAwayFromZero } from './money';

export type CommissionModel = 'cpa' | 'revshare' | 'cpc' | 'cpl';
export type PricedEvent = 'sale' | 'lead' | 'click';

export interface PricingTerms {
  commissionModel: CommissionModel;
  payoutMinor: number | null;
  revshareBps: number | null;
  tiers: { min_conversions_in_month: number; payout_minor?: number; revshare_bps?: number }[];
  publisherOverrides: { publisher_id: string; payout_minor?: number; revshare_bps?: number }[];
}

export interface PricingInput {
  publisherId: string;
  event: PricedEvent;
  /** order amount in the campaign currency (revshare); ignored by the fixed models */
  amountMinor: number;
  /** the publisher's paid events on this campaign earlier this calendar month (UTC), not counting this one */
  earlierThisMonth: number;
}

/** why an event earns nothing: `reason` in English for the API, `code` for a UI to word in its language */
export type UnpaidCode = 'wrong_event' | 'no_revshare_rate' | 'no_payout';

export type Pricing =
  { paid: true; amountMinor: number; rule: string } | { paid: false; reason: string; code: UnpaidCode };

/** Which event each model pays for: a mismatch means the advertiser's integration sends the wrong one. */
export const PAID_EVENT: Record<CommissionModel, PricedEvent> = {
  cpa: 'sale',
  revshare: 'sale',
  cpl: 'lead',
  cpc: 'click',
};

/**
 * Prices one event. Precedence: a per-publisher override (a negotiated deal) wins; otherwise the highest
 * tier whose `min_conversions_in_month` this event reaches (counting itself); otherwise the base payout.
 * Revshare is `amount × bps / 10 000`, rounded half away from zero to the campaign currency's minor unit.
 */
export function priceCommission(terms: PricingTerms, input: PricingInput): Pricing {
  const expected = PAID_EVENT[terms.commissionModel];
  if (input.event !== expected) {
    return {
      paid: false,
      reason: `This campaign pays per ${expected}, not per ${input.event}`,
      code: 'wrong_event',
    };
  }
  const { rate, rule } = pickRate(terms, input);
  if (terms.commissionModel === 'revshare') {
    const bps = rate.revshareBps;
    if (bps === undefined || bps === null)
      return { paid: false, reason: 'Campaign has no revshare rate', code: 'no_revshare_rate' };
    const amount = roundHalfAwayFromZero(BigInt(input.amountMinor) * BigInt(bps), 10_000n);
    return { paid: true, amountMinor: Number(amount), rule };
  }
  const payout = rate.payoutMinor;
  if (payout === undefined || payout === null)
    return { paid: false, reason: 'Campaign has no payout', code: 'no_payout' };
  return { paid: true, amountMinor: payout, rule };
}

function pickRate(
  terms: PricingTerms,
  input: PricingInput,
): { rate: { payoutMinor?: number | null; revshareBps?: number | null }; rule: string } {
  const override = terms.publisherOverrides.find((o) => o.publisher_id === input.publisherId);
  if (override) {
    return {
      rate: { payoutMinor: override.payout_minor, revshareBps: override.revshare_bps },
      rule: 'override',
    };
  }
  const count = input.earlierThisMonth + 1;
  const tier = terms.tiers
    .filter((t) => count >= t.min_conversions_in_month)
    .sort((a, b) => b.min_conversions_in_month - a.min_conversions_in_month)[0];
  if (tier) {
    return {
      rate: { payoutMinor: tier.payout_minor, revshareBps: tier.revshare_bps },
      rule: `tier:${tier.min_conversions_in_month}`,
    };
  }
  return { rate: { payoutMinor: terms.payoutMinor, revshareBps: terms.revshareBps }, rule: 'base' };
}
