import { Button, Code, CopyButton, Group, Table, Text } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { formatCount } from '../../../lib/format-number';
import type { TrackingLink } from '../types';

interface TrackingLinksTableProps {
  links: TrackingLink[];
  /** advertisers see links per publisher, publishers their links per campaign */
  viewer: 'advertiser' | 'publisher';
  /** advertisers: run the tracking test through this link */
  onTest?(link: TrackingLink): void;
}

/** Why a link does (not) take clicks: the link, the application and the campaign all have a say. */
function LinkStatus({ link }: { link: TrackingLink }) {
  if (!link.active || link.application_status !== 'approved') {
    return (
      <StatusBadge color="gray">
        {link.application_status !== 'approved' ? `Application ${link.application_status}` : 'Inactive'}
      </StatusBadge>
    );
  }
  if (link.campaign_status !== 'active') {
    return <StatusBadge color="yellow">{`Campaign ${link.campaign_status}`}</StatusBadge>;
  }
  return <StatusBadge color="green">Active</StatusBadge>;
}

function LinkUrl({ link, name }: { link: TrackingLink; name: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code aria-label={`Tracking link of ${name}`}>{link.url}</Code>
      <CopyButton value={link.url}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={copy}
            aria-label={`${copied ? 'Copied' : 'Copy'} tracking link of ${name}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

export function TrackingLinksTable({ links, viewer, onTest }: TrackingLinksTableProps) {
  const nameOf = (link: TrackingLink) => (viewer === 'advertiser' ? link.publisher_name : link.campaign_name);
  return (
    <DataTable minWidth={760} verticalSpacing="sm" aria-label="Tracking links">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{viewer === 'advertiser' ? 'Publisher' : 'Campaign'}</Table.Th>
          <Table.Th>Website</Table.Th>
          <Table.Th>Tracking link</Table.Th>
          <Table.Th ta="right">Clicks</Table.Th>
          <Table.Th ta="right">Conversions</Table.Th>
          <Table.Th>Status</Table.Th>
          {onTest && <Table.Th>Test</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {links.map((link) => (
          <Table.Tr key={link.id}>
            <Table.Td fw={600}>{nameOf(link)}</Table.Td>
            <Table.Td>
              <Text size="sm">{link.website_url}</Text>
            </Table.Td>
            <Table.Td>
              <LinkUrl link={link} name={`${nameOf(link)} (${link.website_url})`} />
            </Table.Td>
            <Table.Td ta="right">{formatCount(link.clicks)}</Table.Td>
            <Table.Td ta="right">{formatCount(link.conversions)}</Table.Td>
            <Table.Td>
              <LinkStatus link={link} />
            </Table.Td>
            {onTest && (
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Test the link of ${link.publisher_name} (${link.website_url})`}
                  onClick={() => onTest(link)}
                >
                  Test
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DataTable>
  );
}
