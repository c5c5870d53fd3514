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

/** A tracking test's steps in order; their names are the catalog's `step.<step>` (tracking namespace). */
export const TRACKING_TEST_STEPS: TrackingTestStep['step'][] = [
  'link_resolved',
  'click_recorded',
  'conversion',
  'commission_computed',
];

/** Query fields a publisher may add to a tracking link; they come back on the landing URL and in reports. */
export const SUB_IDS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
