import type { z } from 'zod';
import type { queueItemSchema } from '../../../server/modules/fraud/schema';

// Wire types are shared with the server; the client imports only their types.
export type FraudQueueItem = z.infer<typeof queueItemSchema>;
export type FraudQueueState = 'held' | 'rejected';
