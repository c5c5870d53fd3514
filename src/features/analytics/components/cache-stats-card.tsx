import { Alert, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatRate } from '../../../lib/format-number';
import { useCacheStats } from '../api/get-cache-stats';
import { useTranslation } from '../../../lib/i18n';

/** the caches the server reports (GET /performance/cache-stats) that have a name in the UI's language */
const NAMED_CACHES = ['dashboard', 'tracking_links'];

/** Admin: how the server's caches are doing, refreshed every 30 s. */
export function CacheStatsCard() {
  const { t } = useTranslation('analytics');
  const { t: tc } = useTranslation('common');
  const { data, error, isPending, refetch, isFetching } = useCacheStats();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {t('cache.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('cache.refreshes')}
        </Text>
      </Group>
      {isPending && <Skeleton height={80} role="status" aria-label={t('cache.loading')} />}
      {error && !data && (
        <Alert color="red" variant="light">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(error, t('cache.error'))}</Text>
            <Button size="compact-sm" variant="default" loading={isFetching} onClick={() => void refetch()}>
              {tc('retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {data && data.caches.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('cache.empty')}
        </Text>
      )}
      {data && data.caches.length > 0 && (
        // on a phone each cache is a card: its name and hit rate on top, the counts under them
        <DataTable
          minWidth={420}
          aria-label={t('cache.title')}
          verticalSpacing={4}
          cards={[
            'title',
            { amount: t('cache.hitRate') },
            { field: t('cache.hits') },
            { field: t('cache.misses') },
            { field: t('cache.entries') },
          ]}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cache.cache')}</Table.Th>
              <Table.Th ta="right">{t('cache.hitRate')}</Table.Th>
              <Table.Th ta="right">{t('cache.hits')}</Table.Th>
              <Table.Th ta="right">{t('cache.misses')}</Table.Th>
              <Table.Th ta="right">{t('cache.entries')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.caches.map((cache) => (
              <Table.Tr key={cache.name}>
                <Table.Td>
                  {NAMED_CACHES.includes(cache.name) ? (
                    <>
                      {t(`cache.name.${cache.name}`)}
                      {/* the server's own name, as its logs and metrics write it */}
                      <Text component="span" display="block" size="xs" c="dimmed" ff="monospace">
                        {cache.name}
                      </Text>
                    </>
                  ) : (
                    cache.name
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatRate(cache.hit_rate)}</Table.Td>
                <Table.Td ta="right">{formatCount(cache.hits)}</Table.Td>
                <Table.Td ta="right">{formatCount(cache.misses)}</Table.Td>
                <Table.Td ta="right">{formatCount(cache.size)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
    </Card>
  );
}
