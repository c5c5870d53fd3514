import { Alert, Text } from '@mantine/core';

/** campaignAnalytics: no figures until reporting ships; showing made-up numbers would mislead. */
export function CampaignAnalyticsPlaceholder({ campaignName }: { campaignName: string }) {
  return (
    <Alert variant="light" color="gray" title="Figures arrive with reporting">
      <Text size="sm">
        Clicks, conversions and commission for {campaignName} will show here once reporting is available.
      </Text>
    </Alert>
  );
}
