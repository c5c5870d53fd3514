import { Alert, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import type { CampaignListState, CampaignListStore } from '../stores/campaign-list-store';
import type { CampaignViewer } from '../types';
import { CampaignFilters } from './campaign-filters';
import { CampaignsTable, type CampaignRowActions } from './campaigns-table';

interface CampaignsListProps extends CampaignRowActions {
  state: CampaignListState;
  store: CampaignListStore;
  viewer: CampaignViewer;
}

/** Filters, the table of the current page, and the pagination control. */
export function CampaignsList({ state, store, viewer, ...actions }: CampaignsListProps) {
  const { items, loading, error, pagination, filters } = state;
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.limit));

  return (
    <Stack gap="md">
      <CampaignFilters
        filters={filters}
        onChange={(change) => void store.setFilters(change)}
        showStatus={viewer.role !== 'publisher'}
      />
      {error !== null && (
        <Alert color="red" variant="light" title="Something went wrong">
          {errorMessage(error, 'Could not load campaigns. Please try again.')}
        </Alert>
      )}
      {loading && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading campaigns…
          </Text>
        </Group>
      )}
      {items.length > 0 ? (
        <CampaignsTable campaigns={items} viewer={viewer} {...actions} />
      ) : (
        !loading && (
          <Text c="dimmed">
            {viewer.role === 'publisher' ? 'No active campaigns match.' : 'No campaigns match.'}
          </Text>
        )
      )}
      {pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {pagination.total} campaigns
          </Text>
          <Pagination
            total={pages}
            value={pagination.page}
            onChange={(page) => void store.setPage(page)}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}
