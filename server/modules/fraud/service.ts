// The fraud module's face: the rules' part in recording conversions and CPC clicks (tracking), the sign-in
// addresses (auth), a campaign's thresholds (campaigns), the review queue and the platform defaults.
export { readFraudFacts, scoreRead, scoreSubjects, type FraudVerdict } from './score';
export type { FactsRead as FraudFactsRead } from './facts';
export type { FraudSubject } from './rules/rule';
export {
  FRAUD_REJECT_REASON,
  fraudCommissionColumns,
  recordConversionAddresses,
  reviewClickCommissions,
} from './pipeline';
export { rememberSessionAddress } from './session-addresses';
export { campaignFraudWire } from './thresholds';
export { fraudCounts } from './queue';
