import { Alert, Anchor, Group, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import { usePublishers } from '../api/get-publishers';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search';
import { PUBLISHER_PAGE_SIZE, type PublisherSummary } from '../types';

/** The publisher directory: paginated, searchable; a row opens the publisher card. */
export function PublishersDirectory({ onOpen }: { onOpen(publisher: PublisherSummary): void }) {
  const { t } = useTranslation('publishers');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const { data, error, isPending } = usePublishers({ search: debounced, page, limit: PUBLISHER_PAGE_SIZE });
  const pages = data ? Math.max(1, Math.ceil(data.total / PUBLISHER_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <TextInput
        label={t('directory.search')}
        placeholder={t('directory.searchPlaceholder')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, t('directory.loadError'))}
        </Alert>
      )}
      {isPending && <Loader size="sm" aria-label={t('directory.loading')} />}
      {data && data.items.length === 0 && <Text c="dimmed">{t('directory.empty')}</Text>}
      {data && data.items.length > 0 && (
        <DataTable
          minWidth={680}
          highlightOnHover
          verticalSpacing="sm"
          aria-label={t('directory.label')}
          head={[
            t('col.displayName'),
            t('col.country'),
            t('col.verifiedWebsites'),
            t('col.visitors'),
            t('col.categories'),
          ]}
          cards={['title', 'subtitle', 'field', 'field', 'field']}
        >
          <Table.Tbody>
            {data.items.map((publisher) => (
              <Table.Tr key={publisher.id} onClick={() => onOpen(publisher)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(publisher);
                    }}
                  >
                    {publisher.display_name || publisher.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{publisher.country ?? '—'}</Table.Td>
                <Table.Td>{publisher.verified_websites_count}</Table.Td>
                <Table.Td>{formatCount(publisher.monthly_visitors)}</Table.Td>
                <Table.Td>{publisher.categories.map((c) => t(`category.${c}`)).join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('directory.count', { count: data?.total ?? 0 })}
          </Text>
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
