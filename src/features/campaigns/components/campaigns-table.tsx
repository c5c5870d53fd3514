import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { capitalize, type Campaign, type CampaignViewer } from '../types';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CommissionFigure } from './commission-figure';

export interface CampaignRowActions {
  onOpen(campaign: Campaign): void;
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
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Campaigns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Commission</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {campaigns.map((campaign) => (
            <Table.Tr
              key={campaign.id}
              onClick={() => actions.onOpen(campaign)}
              style={{ cursor: 'pointer' }}
            >
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
              <Table.Td>{capitalize(campaign.category)}</Table.Td>
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
      </Table>
    </Table.ScrollContainer>
  );
}

function RowActions({
  campaign,
  viewer,
  ...actions
}: CampaignRowActions & { campaign: Campaign; viewer: CampaignViewer }) {
  const label = (verb: string) => `${verb} ${campaign.name}`;
  if (viewer.role === 'publisher') {
    return actions.onApply ? (
      <Button size="xs" aria-label={label('Apply to')} onClick={() => actions.onApply?.(campaign)}>
        Apply
      </Button>
    ) : null;
  }
  if (!manages(viewer, campaign)) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      {actions.onShowPublishers && (
        <Button
          size="xs"
          variant="light"
          aria-label={label('Publishers of')}
          onClick={() => actions.onShowPublishers?.(campaign)}
        >
          Publishers
        </Button>
      )}
      {actions.onShowAnalytics && (
        <Button
          size="xs"
          variant="light"
          aria-label={label('Analytics of')}
          onClick={() => actions.onShowAnalytics?.(campaign)}
        >
          Analytics
        </Button>
      )}
      {actions.onEdit && (
        <Button
          size="xs"
          variant="default"
          aria-label={label('Edit')}
          onClick={() => actions.onEdit?.(campaign)}
        >
          Edit
        </Button>
      )}
      {actions.onDelete && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={label('Delete')}
          onClick={() => actions.onDelete?.(campaign)}
        >
          Delete
        </Button>
      )}
    </Group>
  );
}
