import { Alert, Anchor, Group, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { categoryLabel } from '../../../lib/format-text';
import { usePublishers } from '../api/get-publishers';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search';
import { PUBLISHER_PAGE_SIZE, type PublisherSummary } from '../types';

/** The publisher directory: paginated, searchable; a row opens the publisher card. */
export function PublishersDirectory({ onOpen }: { onOpen(publisher: PublisherSummary): void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const { data, error, isPending } = usePublishers({ search: debounced, page, limit: PUBLISHER_PAGE_SIZE });
  const pages = data ? Math.max(1, Math.ceil(data.total / PUBLISHER_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <TextInput
        label="Search publishers"
        placeholder="Name, display name or country"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {error && (
        <Alert color="red" variant="light">
          {errorMessage(error, 'Could not load publishers.')}
        </Alert>
      )}
      {isPending && <Loader size="sm" aria-label="Loading publishers" />}
      {data && data.items.length === 0 && <Text c="dimmed">No publishers match.</Text>}
      {data && data.items.length > 0 && (
        <DataTable
          minWidth={680}
          highlightOnHover
          verticalSpacing="sm"
          aria-label="Publishers"
          head={['Display name', 'Country', 'Verified websites', 'Monthly visitors', 'Categories']}
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
                <Table.Td>{publisher.monthly_visitors.toLocaleString('en-US')}</Table.Td>
                <Table.Td>{publisher.categories.map(categoryLabel).join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </DataTable>
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data?.total} publishers
          </Text>
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
