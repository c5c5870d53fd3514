import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuthUser } from '../../../features/auth/stores/auth-store';
import { useApplications } from '../../../features/applications/api/get-applications';
import { ApplicationStatusBadge } from '../../../features/applications/components/application-status-badge';
import { mayApplyAgain, statesByCampaign } from '../../../features/applications/utils/campaign-states';
import type { CampaignInput } from '../../../features/campaigns/api/campaign-input-schema';
import { CampaignsList } from '../../../features/campaigns/components/campaigns-list';
import type { CampaignListStore } from '../../../features/campaigns/stores/campaign-list-store';
import { useCampaignList } from '../../../features/campaigns/stores/use-campaign-list';
import type { Campaign, CampaignViewer } from '../../../features/campaigns/types';
import { openCampaignApplication, openCampaignDetails } from './marketplace-modal-contents';
import { translate, useTranslation } from '../../../lib/i18n';

export const CREATE_CAMPAIGN_MODAL_ID = 'campaignEdit-create';

function openCampaignEdit(store: CampaignListStore, campaign?: Campaign, onClose?: () => void) {
  const onSubmit = (input: CampaignInput) =>
    campaign ? store.update(campaign.id, input) : store.create(input);
  modals.openContextModal({
    modal: 'campaignEdit',
    modalId: campaign ? `campaignEdit-${campaign.id}` : CREATE_CAMPAIGN_MODAL_ID,
    title: campaign
      ? translate('app', 'campaigns.editTitle', { name: campaign.name })
      : translate('app', 'campaigns.createTitle'),
    size: 'lg',
    onClose,
    innerProps: { campaign, onSubmit },
  });
}

function confirmDelete(store: CampaignListStore, campaign: Campaign) {
  modals.openConfirmModal({
    title: translate('app', 'campaigns.deleteTitle'),
    children: <Text size="sm">{translate('app', 'campaigns.deleteText', { name: campaign.name })}</Text>,
    labels: { confirm: translate('app', 'campaigns.deleteTitle'), cancel: translate('app', 'cancel') },
    confirmProps: { color: 'red' },
    // A refusal (e.g. the campaign has applications) shows in the list's error alert.
    onConfirm: () => void store.remove(campaign.id).catch(() => undefined),
  });
}

/**
 * /campaigns for every role; /action=create (mode 'create') is the same screen with the campaignEdit
 * modal opened in create mode for advertisers, returning to /campaigns when it closes.
 */
export function CampaignsRoute({ mode = 'list' }: { mode?: 'list' | 'create' }) {
  const { t } = useTranslation('app');
  const user = useAuthUser();
  const navigate = useNavigate();
  const [state, store] = useCampaignList();
  const isAdvertiser = user?.role === 'advertiser';
  const active = useRef(false);

  useEffect(() => {
    if (mode !== 'create' || !isAdvertiser) return;
    active.current = true;
    openCampaignEdit(store, undefined, () => {
      if (active.current) void navigate('/campaigns', { replace: true });
    });
    return () => {
      // Leaving the route (or StrictMode's trial unmount) closes the modal without navigating again.
      active.current = false;
      modals.close(CREATE_CAMPAIGN_MODAL_ID);
    };
  }, [mode, isAdvertiser, store, navigate]);

  const standings = usePublisherStandings(user?.role === 'publisher');

  if (!user) return null;
  const viewer: CampaignViewer = { id: user.id, role: user.role };
  const manages = user.role !== 'publisher';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('campaigns.title')}</Title>
          <Text c="dimmed">{t(`campaigns.text.${user.role}`)}</Text>
        </Stack>
        <Group>
          <Button
            variant="default"
            onClick={() =>
              modals.openContextModal({
                modal: 'campaignSearch',
                title: t('campaigns.searchTitle'),
                innerProps: {},
              })
            }
          >
            {t('quickSearch')}
          </Button>
          {isAdvertiser && (
            <Button onClick={() => openCampaignEdit(store)}>{t('campaigns.createTitle')}</Button>
          )}
        </Group>
      </Group>
      <CampaignsList
        state={state}
        store={store}
        viewer={viewer}
        onOpen={(campaign) => {
          store.select(campaign);
          void store.fetchById(campaign.id);
          openCampaignDetails(campaign);
        }}
        onApply={user.role === 'publisher' ? openCampaignApplication : undefined}
        publisherStanding={standings}
        onCreate={isAdvertiser ? () => openCampaignEdit(store) : undefined}
        onEdit={manages ? (campaign) => openCampaignEdit(store, campaign) : undefined}
        onDelete={manages ? (campaign) => confirmDelete(store, campaign) : undefined}
        onShowPublishers={
          manages
            ? (campaign) =>
                modals.openContextModal({
                  modal: 'campaignPublishers',
                  title: t('campaigns.publishersOf', { name: campaign.name }),
                  size: 'xl',
                  innerProps: { campaignId: campaign.id },
                })
            : undefined
        }
        onShowAnalytics={
          manages
            ? (campaign) =>
                modals.openContextModal({
                  modal: 'campaignAnalytics',
                  title: t('campaigns.analyticsOf', { name: campaign.name }),
                  size: 'xl',
                  innerProps: { campaignId: campaign.id, campaignName: campaign.name },
                })
            : undefined
        }
      />
    </Stack>
  );
}

/**
 * A publisher's standing on each campaign, from their applications (the latest 100, newest first):
 * where they applied, the state instead of an "Apply" the server would refuse.
 */
function usePublisherStandings(enabled: boolean) {
  const { data } = useApplications({ status: 'all', page: 1, limit: 100 }, { enabled });
  if (!enabled || !data) return undefined;
  const states = statesByCampaign(data.items);
  return (campaign: Campaign) => {
    const status = states.get(campaign.id);
    return status
      ? { badge: <ApplicationStatusBadge status={status} />, canApply: mayApplyAgain(status) }
      : null;
  };
}

export function CreateCampaignRoute() {
  return <CampaignsRoute mode="create" />;
}
