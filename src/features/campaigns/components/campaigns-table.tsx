import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/data-table';
import { RowMenu, type RowMenuItem } from '../../../components/row-menu';
import { useTranslation } from '../../../lib/i18n';
import type { Campaign, CampaignViewer } from '../types';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CommissionFigure } from './commission-figure';

export interface CampaignRowActions {
  onOpen(campaign: Campaign): void;
  /**
   * For publishers: where they stand on a campaign (e.g. their application's state), shown instead of
   * or beside Apply; `canApply: false` hides Apply (an open application answers a new one with 409).
   */
  publisherStanding?(campaign: Campaign): { badge: ReactNode; canApply: boolean } | null;
  onEdit?(campaign: Campaign): void;
  onDelete?(campaign: Campaign): void;
  onApply?(campaign: Campaign): void;
  onShowPublishers?(campaign: Campaign): void;
  onShowAnalytics?(campaign: Campaign): void;
}

interface CampaignsTableProps extends CampaignRowActions {
  campaigns: Campaign[];
  viewer: CampaignViewer;
}

/** Owners and admins manage a campaign; publishers apply to it. */
const manages = (viewer: CampaignViewer, campaign: Campaign) =>
  viewer.role === 'admin' || (viewer.role === 'advertiser' && campaign.advertiser_id === viewer.id);

export function CampaignsTable({ campaigns, viewer, ...actions }: CampaignsTableProps) {
  const { t } = useTranslation('campaigns');
  return (
    <DataTable
      minWidth={720}
      highlightOnHover
      verticalSpacing="sm"
      aria-label={t('table.label')}
      head={[t('col.name'), t('col.category'), t('col.status'), t('col.commission'), t('col.actions')]}
      cards={['title', 'field', 'status', 'amount', 'actions']}
      stickyActions
    >
      <Table.Tbody>
        {campaigns.map((campaign) => (
          <Table.Tr key={campaign.id} onClick={() => actions.onOpen(campaign)} style={{ cursor: 'pointer' }}>
            <Table.Td>
              {/* The row is clickable; the link gives keyboard and screen-reader users the same way in. */}
              <Anchor
                component="button"
                type="button"
                fw={600}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.onOpen(campaign);
                }}
              >
                {campaign.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{t(`category.${campaign.category}`)}</Table.Td>
            <Table.Td>
              <CampaignStatusBadge status={campaign.status} />
            </Table.Td>
            <Table.Td>
              <CommissionFigure campaign={campaign} />
            </Table.Td>
            <Table.Td onClick={(event) => event.stopPropagation()}>
              <RowActions campaign={campaign} viewer={viewer} {...actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}

function RowActions({
  campaign,
  viewer,
  ...actions
}: CampaignRowActions & { campaign: Campaign; viewer: CampaignViewer }) {
  const { t } = useTranslation('campaigns');
  if (viewer.role === 'publisher') {
    const standing = actions.publisherStanding?.(campaign) ?? null;
    return (
      <Group gap={6} wrap="nowrap">
        {standing?.badge}
        {actions.onApply && (standing?.canApply ?? true) && (
          <Button
            size="xs"
            variant={standing ? 'default' : 'filled'}
            aria-label={
              standing
                ? t('row.applyAgainTo', { name: campaign.name })
                : t('row.applyTo', { name: campaign.name })
            }
            onClick={() => actions.onApply?.(campaign)}
          >
            {standing ? t('row.applyAgain') : t('row.apply')}
          </Button>
        )}
      </Group>
    );
  }
  if (!manages(viewer, campaign)) return <Text c="dimmed">—</Text>;
  const more: RowMenuItem[] = [];
  if (actions.onShowPublishers)
    more.push({ label: t('row.publishers'), onClick: () => actions.onShowPublishers?.(campaign) });
  if (actions.onShowAnalytics)
    more.push({ label: t('row.analytics'), onClick: () => actions.onShowAnalytics?.(campaign) });
  if (actions.onDelete)
    more.push({ label: t('row.delete'), color: 'red', onClick: () => actions.onDelete?.(campaign) });
  return (
    <Group gap={6} wrap="nowrap">
      {actions.onEdit && (
        <Button
          size="xs"
          variant="default"
          aria-label={t('row.editLabel', { name: campaign.name })}
          onClick={() => actions.onEdit?.(campaign)}
        >
          {t('row.edit')}
        </Button>
      )}
      <RowMenu label={t('row.more', { name: campaign.name })} items={more} />
    </Group>
  );
}
