import type { z } from 'zod';
import type {
  fraudSettingsSchema,
  queueItemSchema,
  updateFraudSettingsBody,
} from '../../../server/modules/fraud/schema';

// Wire types are shared with the server; the client imports only their types.
export type FraudQueueItem = z.infer<typeof queueItemSchema>;
export type FraudQueueState = 'held' | 'rejected';
export type FraudSettings = z.infer<typeof fraudSettingsSchema>;
export type FraudSettingsPatch = z.input<typeof updateFraudSettingsBody>;
