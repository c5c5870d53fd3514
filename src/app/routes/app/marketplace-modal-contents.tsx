import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { modals, type ContextModalProps } from '@mantine/modals';
import { ApplyForm, type ApplyFormProps } from '../../../features/applications/components/apply-form';
import { CampaignApplicationsPanel } from '../../../features/applications/components/campaign-applications-panel';
import { useApplications } from '../../../features/applications/api/get-applications';
import { CampaignCoupons } from '../../../features/coupons/components/campaign-coupons';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import type { CampaignInput } from '../../../features/campaigns/api/campaign-input-schema';
import { useCampaign } from '../../../features/campaigns/api/get-campaign';
import { AdvertiserCard, AdvertiserLink } from '../../../features/campaigns/components/advertiser-card';
import { CampaignDetails } from '../../../features/campaigns/components/campaign-details';
import { CampaignEditForm } from '../../../features/campaigns/components/campaign-edit-form';
import { CampaignSearch } from '../../../features/campaigns/components/campaign-search';
import type { Campaign } from '../../../features/campaigns/types';
import { CampaignCreatives } from '../../../features/media/components/campaign-creatives';
import { PublisherCard } from '../../../features/publishers/components/publisher-card';
import { PublisherSearch } from '../../../features/publishers/components/publisher-search';
import { CampaignAnalytics } from '../../../features/reports/components/campaign-analytics';
import { useWebsites } from '../../../features/websites/api/get-websites';
import { PublisherWebsitesAdmin } from '../../../features/websites/components/publisher-websites-admin';
import { WebsiteForm } from '../../../features/websites/components/website-form';
import type { Website } from '../../../features/websites/types';
import { errorMessage } from '../../../lib/api-client';
import { translate, useTranslation } from '../../../lib/i18n';
import { countryName } from '../../../lib/countries';
import { useEffectiveCurrency } from '../../hooks/use-effective-currency';
import { campaignEditSlots } from './campaign-edit-slots';

// Composes the features inside the modals (features never import each other; src/app does).

export function openCampaignDetails(campaign: Pick<Campaign, 'id' | 'name'>) {
  modals.openContextModal({
    modal: 'campaignDetails',
    title: campaign.name,
    size: 'lg',
    innerProps: { campaignId: campaign.id },
  });
}

export function openCampaignApplication(campaign: Pick<Campaign, 'id' | 'name'>) {
  modals.openContextModal({
    modal: 'campaignApplication',
    title: translate('app', 'apply.title', { name: campaign.name }),
    innerProps: { campaignId: campaign.id },
  });
}

export function openPublisherCard(publisher: { id: string; name: string; display_name: string | null }) {
  modals.open({
    title: publisher.display_name || publisher.name,
    children: <PublisherModalContent publisherId={publisher.id} />,
  });
}

/** The publisher's card; admins also see the websites and can verify one by hand. */
function PublisherModalContent({ publisherId }: { publisherId: string }) {
  const user = useAuthUser();
  return (
    <>
      <PublisherCard publisherId={publisherId} />
      {user?.role === 'admin' && <PublisherWebsitesAdmin publisherId={publisherId} />}
    </>
  );
}

export function CampaignEditModal({
  context,
  id,
  innerProps,
}: ContextModalProps<{ campaign?: Campaign; onSubmit(input: CampaignInput): Promise<unknown> }>) {
  return (
    <CampaignEditForm
      campaign={innerProps.campaign}
      onSubmit={innerProps.onSubmit}
      onSaved={() => context.closeModal(id)}
      onCancel={() => context.closeModal(id)}
      slots={campaignEditSlots}
    />
  );
}

export function CampaignDetailsModal({ innerProps }: ContextModalProps<{ campaignId: string }>) {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const { data: campaign, error, isPending } = useCampaign(innerProps.campaignId);
  if (isPending) return <Loader size="sm" aria-label={t('details.loadingCampaign')} />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, t('details.campaignError'))}
      </Alert>
    );
  }
  const seesAdvertiser = user?.role === 'publisher' || user?.role === 'admin';
  return (
    <Stack>
      <CampaignDetails
        campaign={campaign}
        creatives={<CampaignCreatives campaignId={campaign.id} count={campaign.creative_ids.length} />}
        advertiser={
          seesAdvertiser ? (
            <AdvertiserLink
              advertiserId={campaign.advertiser_id}
              onOpen={() =>
                modals.openContextModal({
                  modal: 'advertiserDetails',
                  title: t('details.advertiser'),
                  innerProps: { advertiserId: campaign.advertiser_id, campaignId: campaign.id },
                })
              }
            />
          ) : null
        }
      />
      {(user?.role === 'admin' || (user?.role === 'advertiser' && user.id === campaign.advertiser_id)) && (
        <CampaignCouponsSection campaignId={campaign.id} />
      )}
      {user?.role === 'publisher' && campaign.status === 'active' && (
        <Group justify="flex-end">
          <Button onClick={() => openCampaignApplication(campaign)}>{t('details.apply')}</Button>
        </Group>
      )}
    </Stack>
  );
}

/** The campaign's coupon codes, for the publishers approved on it (applications feature). */
function CampaignCouponsSection({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation('coupons');
  const approved = useApplications({ status: 'approved', campaign_id: campaignId, page: 1, limit: 100 });
  const seen = new Set<string>();
  const publishers = (approved.data?.items ?? [])
    .filter((a) => !seen.has(a.publisher_id) && seen.add(a.publisher_id))
    .map((a) => ({ id: a.publisher_id, name: a.publisher_name }));
  if (approved.isPending) return <Loader size="sm" aria-label={t('campaign.loadingPublishers')} />;
  return <CampaignCoupons key={publishers.length} campaignId={campaignId} publishers={publishers} />;
}

export function AdvertiserDetailsModal({
  innerProps,
}: ContextModalProps<{ advertiserId: string; campaignId?: string }>) {
  return <AdvertiserCard advertiserId={innerProps.advertiserId} campaignId={innerProps.campaignId} />;
}

export function CampaignSearchModal({ context, id }: ContextModalProps<Record<string, never>>) {
  return (
    <CampaignSearch
      onPick={(campaign) => {
        context.closeModal(id);
        openCampaignDetails(campaign);
      }}
    />
  );
}

export function CampaignAnalyticsModal({
  innerProps,
}: ContextModalProps<{ campaignId: string; campaignName: string }>) {
  const user = useAuthUser();
  const { currency } = useEffectiveCurrency();
  return (
    <CampaignAnalytics
      campaignId={innerProps.campaignId}
      campaignName={innerProps.campaignName}
      viewer={user?.role ?? 'advertiser'}
      currency={currency}
    />
  );
}

export function CampaignPublishersModal({ innerProps }: ContextModalProps<{ campaignId: string }>) {
  return <CampaignApplicationsPanel campaignId={innerProps.campaignId} />;
}

/**
 * The campaign's countries against the publisher's (the server refuses the same): said before the form
 * rather than after sending it. Nothing while the campaign is still loading; the server still decides.
 */
function countryRule(
  allowed: readonly string[] | undefined,
  country: string | null | undefined,
): ApplyFormProps['ineligible'] {
  if (!allowed || allowed.length === 0 || (country && allowed.includes(country))) return undefined;
  const names = allowed.map((code) => countryName(code)).join(', ');
  if (!country) {
    return {
      reason: translate('app', 'apply.onlyFromNoCountry', { countries: names }),
      fix: { href: '/profile', label: translate('app', 'apply.goToProfile') },
    };
  }
  return {
    reason: translate('app', 'apply.onlyFrom', { countries: names, country: countryName(country) }),
  };
}

export function CampaignApplicationModal({ innerProps }: ContextModalProps<{ campaignId: string }>) {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const campaign = useCampaign(innerProps.campaignId);
  // Verification status decides who may apply: never trust a cached (possibly persisted) copy here.
  const { data: websites, error, isPending, isFetchedAfterMount } = useWebsites({ refetchOnMount: 'always' });
  if (isPending || (!isFetchedAfterMount && !error))
    return <Loader size="sm" aria-label={t('apply.loadingWebsites')} />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, t('apply.websitesError'))}
      </Alert>
    );
  }
  return (
    <ApplyForm
      campaignId={innerProps.campaignId}
      ineligible={countryRule(campaign.data?.allowed_countries, user?.profile.country)}
      websites={websites.map((w) => ({
        id: w.id,
        label: `${w.name} (${w.url})`,
        verified: w.verification_status === 'verified',
      }))}
    />
  );
}

export function WebsiteModal({ context, id, innerProps }: ContextModalProps<{ website?: Website }>) {
  return (
    <WebsiteForm
      website={innerProps.website}
      onSaved={() => context.closeModal(id)}
      onCancel={() => context.closeModal(id)}
    />
  );
}

export function PublisherSearchModal({ context, id }: ContextModalProps<Record<string, never>>) {
  return (
    <PublisherSearch
      onPick={(publisher) => {
        context.closeModal(id);
        openPublisherCard(publisher);
      }}
    />
  );
}
