import { countFigures, countWords, type FraudRuleDefinition } from './rule';

/** More conversions in a day from one address, or from its /24 (IPv4) or /48 (IPv6), than the campaign allows. */
export const addressVelocity: FraudRuleDefinition = {
  rule: 'address_velocity',
  weight: 30,
  check({ subject, facts, limits }) {
    if (subject.kind !== 'conversion') return null;
    const max = limits.max_conversions_per_ip_day;
    if (facts.addressConversions > max) {
      const n = countWords(facts.addressConversions, facts.atLeast.address);
      return {
        detail: `${n} conversions from this address in 24 hours; the limit is ${max}`,
        figures: {
          scope: 'address',
          conversions_24h: facts.addressConversions,
          ...countFigures(facts.atLeast.address),
          limit: max,
        },
      };
    }
    if (facts.networkConversions > max) {
      const n = countWords(facts.networkConversions, facts.atLeast.network);
      return {
        detail: `${n} conversions from this address's network (/24 or /48) in 24 hours; the limit is ${max}`,
        figures: {
          scope: 'network',
          conversions_24h: facts.networkConversions,
          ...countFigures(facts.atLeast.network),
          limit: max,
        },
      };
    }
    return null;
  },
};
