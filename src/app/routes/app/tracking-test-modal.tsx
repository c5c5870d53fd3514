import type { ContextModalProps } from '@mantine/modals';
import { TrackingTestRunner } from '../../../features/tracking/components/tracking-test-runner';

/** The trackingTest modal (spec §2): a test click and conversion for a campaign, step by step. */
export function TrackingTestModal({
  innerProps,
}: ContextModalProps<{ campaignId: string; linkId?: string }>) {
  return <TrackingTestRunner campaignId={innerProps.campaignId} linkId={innerProps.linkId} />;
}
