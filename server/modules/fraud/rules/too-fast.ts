import type { FraudRuleDefinition } from './rule';

/** Converted sooner after the click than a person could (campaign's min_seconds_to_convert). */
export const tooFast: FraudRuleDefinition = {
  rule: 'too_fast',
  weight: 30,
  check({ subject, limits }) {
    if (subject.kind !== 'conversion' || limits.min_seconds_to_convert === 0) return null;
    const seconds = (subject.at.getTime() - subject.click.createdAt.getTime()) / 1000;
    if (seconds >= limits.min_seconds_to_convert) return null;
    const shown = Math.max(0, Math.round(seconds * 10) / 10);
    return {
      detail: `Converted ${shown} s after the click; the minimum is ${limits.min_seconds_to_convert} s`,
      figures: { seconds: shown, minimum_seconds: limits.min_seconds_to_convert },
    };
  },
};
