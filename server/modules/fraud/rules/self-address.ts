import type { FraudRuleDefinition } from './rule';

/** The visitor converts (or clicks) from an address the earning publisher signed in from. */
export const selfAddress: FraudRuleDefinition = {
  rule: 'self_address',
  weight: 60,
  check({ facts }) {
    if (!facts.publisherSessionAt) return null;
    const seen = facts.publisherSessionAt.toISOString();
    return {
      detail: `The visitor's address is one the publisher signed in from (last seen ${seen})`,
      figures: { session_last_seen_at: seen },
    };
  },
};
