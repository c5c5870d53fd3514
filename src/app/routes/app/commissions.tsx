import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { useCampaigns } from '../../../features/campaigns/api/get-campaigns';
import { DEFAULT_CAMPAIGN_FILTERS } from '../../../features/campaigns/types';
import { commissionKeys } from '../../../features/commissions/api/commission-keys';
import type { CampaignOption } from '../../../features/commissions/components/commission-filters';
import { CommissionsPanel } from '../../../features/commissions/components/commissions-panel';
import type { CommissionBalance, CommissionViewer } from '../../../features/commissions/types';
import { LedgerPanel } from '../../../features/ledger/components/ledger-panel';
import { PayoutHistory } from '../../../features/payouts/components/payout-history';
import { RequestPayoutButton } from '../../../features/payouts/components/request-payout-button';
import { useTrackingLinks } from '../../../features/tracking/api/get-tracking-links';
import { useTranslation } from '../../../lib/i18n';

const CAMPAIGN_OPTIONS = { ...DEFAULT_CAMPAIGN_FILTERS, page: 1, limit: 100 };

/**
 * The campaigns a viewer can have commissions on: a publisher's are those they hold a tracking link for
 * (GET /campaigns shows them only the marketplace's active ones), everyone else's come from /campaigns.
 */
function useCampaignOptions(viewer: CommissionViewer): CampaignOption[] {
  const publisher = viewer === 'publisher';
  const links = useTrackingLinks({}, { enabled: publisher });
  const campaigns = useCampaigns(CAMPAIGN_OPTIONS, { enabled: !publisher });
  if (publisher) {
    const byId = new Map((links.data ?? []).map((l) => [l.campaign_id, l.campaign_name]));
    return [...byId]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }
  return (campaigns.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
}

export function CommissionsRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const viewer: CommissionViewer = user?.role ?? 'publisher';
  const campaignOptions = useCampaignOptions(viewer);
  const queryClient = useQueryClient();
  if (!user) return null;
  // a payout takes the balance: the commission figures are fetched again once it is requested
  const balanceAction = (row: CommissionBalance) => (
    <RequestPayoutButton
      currency={row.currency}
      onRequested={() => void queryClient.invalidateQueries({ queryKey: commissionKeys.all })}
    />
  );
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('commissions.title')}</Title>
        <Text c="dimmed">{t(`commissions.text.${viewer}`)}</Text>
      </Stack>
      <CommissionsPanel
        viewer={viewer}
        campaignOptions={campaignOptions}
        balanceAction={viewer === 'publisher' ? balanceAction : undefined}
      />
      {viewer === 'publisher' && <PayoutHistory />}
      {viewer === 'publisher' && <LedgerPanel />}
    </Stack>
  );
}
