import type { z } from 'zod';
import type {
  conversionResultSchema,
  trackingLinkSchema,
  trackingTestResult,
  TrackingTestStep,
} from '../../../server/modules/tracking/schema';

// Wire types are shared with the server; the client imports only their types.
export type { Campaign as TrackedCampaign } from '../../../server/modules/campaigns/schema';
export type TrackingLink = z.infer<typeof trackingLinkSchema>;
export type TrackingTestResult = z.infer<typeof trackingTestResult>;
export type ConversionResult = z.infer<typeof conversionResultSchema>;
export type { TrackingTestStep };

export const TRACKING_TEST_STEP_LABELS: Record<TrackingTestStep['step'], string> = {
  link_resolved: 'Tracking link resolved',
  click_recorded: 'Click recorded',
  conversion: 'Conversion',
  commission_computed: 'Commission computed',
};

/** Query fields a publisher may add to a tracking link; they come back on the landing URL and in reports. */
export const SUB_IDS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
