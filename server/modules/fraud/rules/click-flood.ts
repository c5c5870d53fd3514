import { countFigures, countWords, type FraudRuleDefinition } from './rule';

/** More clicks from one address on one link within a minute than the campaign allows. */
export const clickFlood: FraudRuleDefinition = {
  rule: 'click_flood',
  weight: 40,
  check({ facts, limits }) {
    const max = limits.max_clicks_per_ip_minute;
    if (facts.clicksInMinute <= max) return null;
    const n = countWords(facts.clicksInMinute, facts.atLeast.clicks);
    return {
      detail: `${n} clicks from this address on this link within a minute; the limit is ${max}`,
      figures: { clicks_1m: facts.clicksInMinute, ...countFigures(facts.atLeast.clicks), limit: max },
    };
  },
};
