// zod schemas of campaign fields, apart from contracts/campaigns.ts's constants (which the client's list
// and badges import without wanting zod).
import { z } from 'zod';
import { CAMPAIGN_LIMITS } from './campaigns';

/** A revenue share in basis points, as the server checks it (the messages are the API's). */
export const revshareBpsSchema = z
  .number()
  .int()
  .min(CAMPAIGN_LIMITS.minRevshareBps, 'revshare_bps must be at least 1')
  .max(CAMPAIGN_LIMITS.maxRevshareBps, 'revshare_bps must be at most 10000 (100%)');
