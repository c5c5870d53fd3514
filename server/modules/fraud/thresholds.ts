import type { CampaignFraud, FraudThresholds } from '../../../contracts/fraud-schema';

/**
 * The built-in thresholds, where neither the campaign nor the admin settings say otherwise: a score of 50 holds
 * a commission for review (one strong signal, or two weak ones), 100 rejects it.
 */
export const BUILT_IN_THRESHOLDS: FraudThresholds = {
  hold_score: 50,
  reject_score: 100,
  min_seconds_to_convert: 3,
  max_conversions_per_ip_day: 5,
  max_clicks_per_ip_minute: 10,
  cr_spike_factor: 3,
};

const KEYS = Object.keys(BUILT_IN_THRESHOLDS) as (keyof FraudThresholds)[];

/** The platform defaults: the admin's settings over the built-in ones. */
export function platformThresholds(stored: Partial<Record<string, number>>): FraudThresholds {
  const out = { ...BUILT_IN_THRESHOLDS };
  for (const key of KEYS) {
    const value = stored[key];
    if (typeof value === 'number') out[key] = value;
  }
  return out;
}

/** A campaign's thresholds: each field it sets, else the platform default. */
export function campaignThresholds(
  fraud: Partial<CampaignFraud> | null | undefined,
  platform: FraudThresholds,
): FraudThresholds {
  const out = { ...platform };
  for (const key of KEYS) {
    const value = fraud?.[key];
    if (typeof value === 'number') out[key] = value;
  }
  return out;
}

/** The wire's `fraud` of a campaign: every field, null where the platform default applies. */
export function campaignFraudWire(fraud: Partial<CampaignFraud> | null | undefined): CampaignFraud {
  return Object.fromEntries(KEYS.map((key) => [key, fraud?.[key] ?? null])) as CampaignFraud;
}
