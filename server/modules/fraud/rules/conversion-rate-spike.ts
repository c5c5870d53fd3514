import type { FraudRuleDefinition } from './rule';

/** clicks a day (and the 30 days before) needs before its conversion rate means anything */
export const CR_MIN_CLICKS = 30;

/**
 * The publisher's conversion rate on the campaign today is above cr_spike_factor times their rate of the 30
 * days before, once both have CR_MIN_CLICKS clicks. A baseline without conversions counts as one, so a first
 * conversion is not a spike by itself.
 */
export const conversionRateSpike: FraudRuleDefinition = {
  rule: 'conversion_rate_spike',
  weight: 30,
  check({ subject, facts, limits }) {
    if (subject.kind !== 'conversion') return null;
    const { today, baseline } = facts;
    if (today.clicks < CR_MIN_CLICKS || baseline.clicks < CR_MIN_CLICKS) return null;
    const rate = today.conversions / today.clicks;
    const base = Math.max(baseline.conversions, 1) / baseline.clicks;
    if (rate <= limits.cr_spike_factor * base) return null;
    const pct = (r: number) => Math.round(r * 1000) / 10;
    return {
      detail: `Conversion rate today ${pct(rate)} % (${today.conversions} of ${today.clicks} clicks) is more than ${limits.cr_spike_factor}× the 30-day ${pct(base)} %`,
      figures: {
        rate_today_pct: pct(rate),
        rate_30d_pct: pct(base),
        clicks_today: today.clicks,
        conversions_today: today.conversions,
        clicks_30d: baseline.clicks,
        conversions_30d: baseline.conversions,
        factor: limits.cr_spike_factor,
      },
    };
  },
};
