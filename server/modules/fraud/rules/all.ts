import { addressVelocity } from './address-velocity';
import { clickFlood } from './click-flood';
import { conversionRateSpike } from './conversion-rate-spike';
import { country } from './country';
import type { FraudRuleDefinition } from './rule';
import { selfAddress } from './self-address';
import { tooFast } from './too-fast';
import { userAgent } from './user-agent';

/** Every rule, in the order a commission's reasons list them. */
export const RULES: readonly FraudRuleDefinition[] = [
  selfAddress,
  tooFast,
  addressVelocity,
  clickFlood,
  conversionRateSpike,
  country,
  userAgent,
];
