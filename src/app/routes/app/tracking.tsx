import { Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { campaignKeys } from '../../../features/campaigns/api/campaign-keys';
import type { CampaignInput } from '../../../features/campaigns/api/campaign-input-schema';
import { useCampaigns, type CampaignPage } from '../../../features/campaigns/api/get-campaigns';
import { useUpdateCampaign } from '../../../features/campaigns/api/update-campaign';
import { DEFAULT_CAMPAIGN_FILTERS } from '../../../features/campaigns/types';
import { replaceCampaign } from '../../../features/campaigns/utils/campaign-items';
import { AdvertiserTracking } from '../../../features/tracking/components/advertiser-tracking';
import { PublisherTracking } from '../../../features/tracking/components/publisher-tracking';
import { useMyCoupons } from '../../../features/coupons/api/get-my-coupons';
import { CouponCodes } from '../../../features/coupons/components/coupon-codes';
import type { TrackedCampaign, TrackingLink } from '../../../features/tracking/types';
import { translate, useTranslation } from '../../../lib/i18n';

/** The campaign selector lists up to the API's page maximum. */
const CAMPAIGN_OPTIONS = { ...DEFAULT_CAMPAIGN_FILTERS, page: 1, limit: 100 };

export function openTrackingTest(campaign: Pick<TrackedCampaign, 'id' | 'name'>, link?: TrackingLink) {
  modals.openContextModal({
    modal: 'trackingTest',
    title: link
      ? translate('app', 'tracking.testVia', { campaign: campaign.name, publisher: link.publisher_name })
      : translate('app', 'tracking.test', { campaign: campaign.name }),
    size: 'lg',
    innerProps: { campaignId: campaign.id, linkId: link?.id },
  });
}

function AdvertiserTrackingPage() {
  const queryClient = useQueryClient();
  const campaigns = useCampaigns(CAMPAIGN_OPTIONS);
  const updateCampaign = useUpdateCampaign();
  // The campaignEdit modal, where the browser pixel is turned on; the saved campaign replaces the cached
  // copies, so this page shows the new pixel mode at once.
  const onEditCampaign = (campaign: TrackedCampaign) =>
    modals.openContextModal({
      modal: 'campaignEdit',
      modalId: `campaignEdit-${campaign.id}`,
      title: translate('app', 'campaigns.editTitle', { name: campaign.name }),
      size: 'lg',
      innerProps: {
        campaign,
        onSubmit: (input: CampaignInput) => updateCampaign.mutateAsync({ id: campaign.id, body: input }),
      },
    });
  // The rotated secret replaces every cached copy of the campaign (lists and the details modal).
  const onSecretRotated = (campaign: TrackedCampaign) => {
    queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
    queryClient.setQueriesData<CampaignPage>({ queryKey: campaignKeys.lists() }, (page) =>
      page ? { ...page, items: replaceCampaign(page.items, campaign) } : page,
    );
  };
  return (
    <AdvertiserTracking
      campaigns={campaigns.data?.items ?? []}
      campaignsLoading={campaigns.isPending}
      campaignsError={campaigns.error}
      onSecretRotated={onSecretRotated}
      onRunTest={openTrackingTest}
      onEditCampaign={onEditCampaign}
    />
  );
}

/** The publisher's links, with their coupon codes (coupons feature) beside each one. */
function PublisherTrackingPage() {
  const coupons = useMyCoupons();
  return (
    <PublisherTracking
      codes={(link) => <CouponCodes coupons={coupons.data ?? []} campaignId={link.campaign_id} />}
    />
  );
}

export function TrackingRoute() {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  if (!user) return null;
  const publisher = user.role === 'publisher';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('tracking.title')}</Title>
        <Text c="dimmed">{publisher ? t('tracking.text.publisher') : t('tracking.text.advertiser')}</Text>
      </Stack>
      {publisher ? <PublisherTrackingPage /> : <AdvertiserTrackingPage />}
    </Stack>
  );
}
