import { Alert, Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useAdvertiser } from '../api/get-advertiser';

/** advertiserDetails: who runs a campaign. */
export function AdvertiserCard({ advertiserId }: { advertiserId: string }) {
  const { data, error, isPending } = useAdvertiser(advertiserId);
  if (isPending) return <Loader size="sm" aria-label="Loading advertiser" />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, 'Could not load the advertiser.')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text fw={600} size="lg">
        {data.company_name || data.name}
      </Text>
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Advertiser details">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Contact</Table.Th>
            <Table.Td>{data.name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Website</Table.Th>
            <Table.Td>
              {data.website ? (
                <Anchor href={data.website} target="_blank" rel="noopener noreferrer">
                  {data.website}
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Country</Table.Th>
            <Table.Td>{data.country ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Active campaigns</Table.Th>
            <Table.Td>{data.active_campaigns}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Member since</Table.Th>
            <Table.Td>{data.created_at.slice(0, 10)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The advertiser's name, loaded on demand, as a link-styled button (opens advertiserDetails). */
export function AdvertiserLink({ advertiserId, onOpen }: { advertiserId: string; onOpen(): void }) {
  const { data } = useAdvertiser(advertiserId);
  return (
    <Anchor component="button" type="button" onClick={onOpen}>
      {data ? data.company_name || data.name : 'View advertiser'}
    </Anchor>
  );
}
