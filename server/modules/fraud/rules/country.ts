import type { FraudRuleDefinition } from './rule';

/** The visitor's country (from the click) is not among the campaign's allowed countries. */
export const country: FraudRuleDefinition = {
  rule: 'country',
  weight: 50,
  check({ subject }) {
    const allowed = subject.campaign.allowedCountries;
    const from = subject.click.country;
    if (allowed.length === 0 || from === null || allowed.includes(from)) return null;
    return {
      detail: `The visitor came from ${from}; the campaign accepts ${allowed.join(', ')}`,
      figures: { country: from, allowed: allowed.join(',') },
    };
  },
};
