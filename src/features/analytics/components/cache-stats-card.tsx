import { Alert, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatRate } from '../../../lib/format-number';
import { useCacheStats } from '../api/get-cache-stats';

/** Admin: how the server's caches are doing, refreshed every 30 s. */
export function CacheStatsCard() {
  const { data, error, isPending, refetch, isFetching } = useCacheStats();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          Caches
        </Title>
        <Text size="xs" c="dimmed">
          Refreshes every 30 s
        </Text>
      </Group>
      {isPending && <Skeleton height={80} role="status" aria-label="Loading cache statistics" />}
      {error && !data && (
        <Alert color="red" variant="light">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(error, 'Could not load the cache statistics.')}</Text>
            <Button size="compact-sm" variant="default" loading={isFetching} onClick={() => void refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {data && data.caches.length === 0 && (
        <Text size="sm" c="dimmed">
          No caches report statistics.
        </Text>
      )}
      {data && data.caches.length > 0 && (
        <Table aria-label="Caches" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cache</Table.Th>
              <Table.Th ta="right">Hit rate</Table.Th>
              <Table.Th ta="right">Hits</Table.Th>
              <Table.Th ta="right">Misses</Table.Th>
              <Table.Th ta="right">Entries</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.caches.map((cache) => (
              <Table.Tr key={cache.name}>
                <Table.Td>{cache.name}</Table.Td>
                <Table.Td ta="right">{formatRate(cache.hit_rate)}</Table.Td>
                <Table.Td ta="right">{formatCount(cache.hits)}</Table.Td>
                <Table.Td ta="right">{formatCount(cache.misses)}</Table.Td>
                <Table.Td ta="right">{formatCount(cache.size)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
