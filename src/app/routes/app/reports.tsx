import { Stack, Text, Title } from '@mantine/core';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { useCampaigns } from '../../../features/campaigns/api/get-campaigns';
import { DEFAULT_CAMPAIGN_FILTERS } from '../../../features/campaigns/types';
import { usePublishers } from '../../../features/publishers/api/get-publishers';
import { FraudCounts } from '../../../features/fraud/components/fraud-counts';
import { ReportsPanel } from '../../../features/reports/components/reports-panel';
import type { FilterOption, ReportViewer } from '../../../features/reports/types';
import { useEffectiveCurrency } from '../../hooks/use-effective-currency';
import { useTranslation } from '../../../lib/i18n';

/** The servers' page cap: enough to pick from in a filter. */
const OPTIONS_LIMIT = 100;
const CAMPAIGN_OPTIONS = { ...DEFAULT_CAMPAIGN_FILTERS, page: 1, limit: OPTIONS_LIMIT };
const PUBLISHER_OPTIONS = { search: '', page: 1, limit: OPTIONS_LIMIT };

/** Campaigns and publishers to filter by: advertisers see their own campaigns, admins all. */
function useFilterOptions(enabled: boolean): { campaigns: FilterOption[]; publishers: FilterOption[] } {
  const campaigns = useCampaigns(CAMPAIGN_OPTIONS, { enabled });
  const publishers = usePublishers(PUBLISHER_OPTIONS, { enabled });
  return {
    campaigns: (campaigns.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
    publishers: (publishers.data?.items ?? []).map((p) => ({ value: p.id, label: p.display_name || p.name })),
  };
}

export function ReportsRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const { currency } = useEffectiveCurrency();
  const viewer: ReportViewer = user?.role ?? 'publisher';
  const options = useFilterOptions(Boolean(user) && viewer !== 'publisher');
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('reports.title')}</Title>
        <Text c="dimmed">{t(`reports.text.${viewer}`)}</Text>
      </Stack>
      <ReportsPanel
        viewer={viewer}
        currency={currency}
        campaignOptions={options.campaigns}
        publisherOptions={options.publishers}
        renderFraud={(fraud) => <FraudCounts counts={fraud} role={viewer} />}
      />
    </Stack>
  );
}
