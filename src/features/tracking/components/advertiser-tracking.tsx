import { Alert, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useTrackingLinks } from '../api/get-tracking-links';
import type { TrackedCampaign, TrackingLink } from '../types';
import { PixelModeBadge, PixelPanel } from './pixel-panel';
import { PostbackPanel } from './postback-panel';
import { SubIdHelp } from './sub-id-help';
import { TrackingLinksTable } from './tracking-links-table';

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
  const [chosenId, setChosenId] = useState<string | null>(null);
  const campaign =
    campaigns.find((c) => c.id === chosenId) ?? campaigns.find((c) => c.id === pickDefault(campaigns));
  const links = useTrackingLinks({ campaign_id: campaign?.id }, { enabled: Boolean(campaign) });

  if (campaignsLoading) return <Loader size="sm" aria-label="Loading campaigns" />;
  if (campaignsError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(campaignsError, 'Could not load your campaigns.')}
      </Alert>
    );
  }
  if (!campaign) {
    return (
      <Text c="dimmed">Create a campaign first: tracking links appear once publishers are approved.</Text>
    );
  }

  return (
    <Stack gap="lg">
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end" gap="sm">
          <Select
            label="Campaign"
            data={campaigns.map((c) => ({
              value: c.id,
              label: c.status === 'active' ? c.name : `${c.name} (${c.status})`,
            }))}
            value={campaign.id}
            onChange={(value) => value && setChosenId(value)}
            allowDeselect={false}
            searchable
            w={320}
          />
          <PixelModeBadge enabled={campaign.pixel_enabled} />
        </Group>
        <Button onClick={() => onRunTest(campaign)}>Run tracking test</Button>
      </Group>

      <Card withBorder component="section" aria-labelledby="links-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="links-heading">
            Tracking links
          </Title>
          <Text size="sm" c="dimmed">
            One link per approved publisher website. A click on it lands on {campaign.landing_url} with a{' '}
            <code>click_id</code> (and any sub1…sub5 the publisher added).
          </Text>
          {links.isPending && <Loader size="sm" aria-label="Loading tracking links" />}
          {links.error && (
            <Alert color="red" variant="light">
              {errorMessage(links.error, 'Could not load the tracking links.')}
            </Alert>
          )}
          {links.data?.length === 0 && (
            <Text c="dimmed">No publisher has an approved application on this campaign yet.</Text>
          )}
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
