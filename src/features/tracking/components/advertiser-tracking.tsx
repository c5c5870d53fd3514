import { Alert, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useTrackingLinks } from '../api/get-tracking-links';
import type { TrackedCampaign, TrackingLink } from '../types';
import { PixelModeBadge, PixelPanel } from './pixel-panel';
import { PostbackPanel } from './postback-panel';
import { SubIdHelp } from './sub-id-help';
import { TrackingLinksTable } from './tracking-links-table';
import { CodeText } from './code-text';
import { useTranslation } from '../../../lib/i18n';

interface AdvertiserTrackingProps {
  /** the campaigns the viewer owns (admins: all); loaded by the page */
  campaigns: TrackedCampaign[];
  campaignsLoading: boolean;
  campaignsError: unknown;
  onSecretRotated(campaign: TrackedCampaign): void;
  onRunTest(campaign: TrackedCampaign, link?: TrackingLink): void;
  /** opens the campaign's edit form (where the browser pixel is turned on) */
  onEditCampaign?(campaign: TrackedCampaign): void;
}

/** Running campaigns first: that is where tracking matters today. */
const pickDefault = (campaigns: TrackedCampaign[]) =>
  (campaigns.find((c) => c.status === 'active') ?? campaigns[0])?.id ?? null;

/** /tracking for advertisers and admins: per campaign, its publishers' links, the postback and the test. */
export function AdvertiserTracking({
  campaigns,
  campaignsLoading,
  campaignsError,
  onSecretRotated,
  onRunTest,
  onEditCampaign,
}: AdvertiserTrackingProps) {
  const { t } = useTranslation('tracking');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const campaign =
    campaigns.find((c) => c.id === chosenId) ?? campaigns.find((c) => c.id === pickDefault(campaigns));
  const links = useTrackingLinks({ campaign_id: campaign?.id }, { enabled: Boolean(campaign) });

  if (campaignsLoading) return <Loader size="sm" aria-label={t('loadingCampaigns')} />;
  if (campaignsError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(campaignsError, t('campaignsError'))}
      </Alert>
    );
  }
  if (!campaign) {
    return <Text c="dimmed">{t('noCampaign')}</Text>;
  }

  return (
    <Stack gap="lg">
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end" gap="sm">
          <Select
            label={t('campaign')}
            data={campaigns.map((c) => ({
              value: c.id,
              label:
                c.status === 'active' ? c.name : t('campaignWithStatus', { name: c.name, status: c.status }),
            }))}
            value={campaign.id}
            onChange={(value) => value && setChosenId(value)}
            allowDeselect={false}
            searchable
            w={320}
          />
          <PixelModeBadge enabled={campaign.pixel_enabled} />
        </Group>
        <Button onClick={() => onRunTest(campaign)}>{t('runTest')}</Button>
      </Group>

      <Card withBorder component="section" aria-labelledby="links-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="links-heading">
            {t('links.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            <CodeText text={t('links.intro', { url: campaign.landing_url })} />
          </Text>
          {links.isPending && <Loader size="sm" aria-label={t('links.loading')} />}
          {links.error && (
            <Alert color="red" variant="light">
              {errorMessage(links.error, t('links.error'))}
            </Alert>
          )}
          {links.data?.length === 0 && <Text c="dimmed">{t('links.none')}</Text>}
          {links.data && links.data.length > 0 && (
            <TrackingLinksTable
              links={links.data}
              viewer="advertiser"
              onTest={(link) => onRunTest(campaign, link)}
            />
          )}
        </Stack>
      </Card>

      <PostbackPanel key={campaign.id} campaign={campaign} onRotated={onSecretRotated} />
      <PixelPanel
        campaign={campaign}
        onEditCampaign={onEditCampaign ? () => onEditCampaign(campaign) : undefined}
      />
      <SubIdHelp />
    </Stack>
  );
}
