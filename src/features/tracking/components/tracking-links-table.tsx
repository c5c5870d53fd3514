import { Badge, Button, Code, CopyButton, Group, Table, Text } from '@mantine/core';
import type { TrackingLink } from '../types';

interface TrackingLinksTableProps {
  links: TrackingLink[];
  /** advertisers see links per publisher, publishers their links per campaign */
  viewer: 'advertiser' | 'publisher';
  /** advertisers: run the tracking test through this link */
  onTest?(link: TrackingLink): void;
}

// A badge's label may shrink to an ellipsis; in an auto-sized table column it then shows "AC…".
const WHOLE_LABEL = { label: { overflow: 'visible' } };

/** Why a link does (not) take clicks: the link, the application and the campaign all have a say. */
function LinkStatus({ link }: { link: TrackingLink }) {
  if (!link.active || link.application_status !== 'approved') {
    return (
      <Badge variant="light" color="gray" styles={WHOLE_LABEL}>
        {link.application_status !== 'approved' ? `Application ${link.application_status}` : 'Inactive'}
      </Badge>
    );
  }
  if (link.campaign_status !== 'active') {
    return (
      <Badge variant="light" color="yellow" styles={WHOLE_LABEL}>
        {`Campaign ${link.campaign_status}`}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="green" styles={WHOLE_LABEL}>
      Active
    </Badge>
  );
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
            aria-label={`Copy tracking link of ${name}`}
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

export function TrackingLinksTable({ links, viewer, onTest }: TrackingLinksTableProps) {
  const nameOf = (link: TrackingLink) => (viewer === 'advertiser' ? link.publisher_name : link.campaign_name);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label="Tracking links">
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
              <Table.Td ta="right">{link.clicks}</Table.Td>
              <Table.Td ta="right">{link.conversions}</Table.Td>
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
      </Table>
    </Table.ScrollContainer>
  );
}
