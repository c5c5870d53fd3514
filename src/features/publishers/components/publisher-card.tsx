import { Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { usePublisher } from '../api/get-publisher';

/** A publisher at a glance: reach and the categories of their verified websites. */
export function PublisherCard({ publisherId }: { publisherId: string }) {
  const { data, error, isPending } = usePublisher(publisherId);
  if (isPending) return <Loader size="sm" aria-label="Loading publisher" />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(error, 'Could not load the publisher.')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text fw={600} size="lg">
        {data.display_name || data.name}
      </Text>
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Publisher details">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Country</Table.Th>
            <Table.Td>{data.country ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Websites</Table.Th>
            <Table.Td>
              {data.verified_websites_count} verified of {data.websites_count}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Monthly visitors</Table.Th>
            <Table.Td>
              {data.monthly_visitors.toLocaleString('en-US')} (self-declared, verified websites)
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Categories</Table.Th>
            <Table.Td>
              {data.categories.length === 0 ? (
                '—'
              ) : (
                <Group gap={4}>
                  {data.categories.map((c) => (
                    <Badge key={c} variant="light">
                      {c}
                    </Badge>
                  ))}
                </Group>
              )}
            </Table.Td>
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
