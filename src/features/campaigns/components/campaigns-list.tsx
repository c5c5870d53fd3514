import { useState } from 'react';
import { Alert, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import type { CampaignListState, CampaignListStore } from '../stores/campaign-list-store';
import { EmptyState } from '../../../components/empty-state';
import { DEFAULT_CAMPAIGN_FILTERS, type CampaignFilters as Filters, type CampaignViewer } from '../types';
import { CampaignFilters } from './campaign-filters';
import { CampaignsTable, type CampaignRowActions } from './campaigns-table';

interface CampaignsListProps extends CampaignRowActions {
  state: CampaignListState;
  store: CampaignListStore;
  viewer: CampaignViewer;
  /** Offered by the empty state (advertisers). */
  onCreate?(): void;
}

function NoCampaigns({
  filtered,
  viewer,
  onClear,
  onCreate,
}: Pick<CampaignsListProps, 'viewer' | 'onCreate'> & { filtered: boolean; onClear(): void }) {
  if (filtered)
    return (
      <EmptyState
        title="No campaigns match these filters"
        action={{ label: 'Clear filters', onClick: onClear }}
      />
    );
  if (viewer.role === 'publisher')
    return (
      <EmptyState
        title="No active campaigns yet"
        description="Campaigns appear here as soon as advertisers start them."
      />
    );
  return (
    <EmptyState
      title="No campaigns yet"
      description={onCreate ? 'Create a campaign to start working with publishers.' : undefined}
      action={onCreate ? { label: 'Create campaign', onClick: onCreate } : undefined}
    />
  );
}

const sameFilters = (a: Filters, b: Filters) =>
  a.status === b.status && a.category === b.category && a.search.trim() === b.search.trim();

/** Filters, the table of the current page, and the pagination control. */
export function CampaignsList({ state, store, viewer, onCreate, ...actions }: CampaignsListProps) {
  const { items, loading, error, pagination, filters } = state;
  const pages = Math.max(1, Math.ceil(pagination.total / pagination.limit));
  // Clearing the filters starts the filter fields afresh (the search box keeps its own text).
  const [resets, setResets] = useState(0);

  return (
    <Stack gap="md">
      <CampaignFilters
        key={resets}
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
        !loading &&
        error === null && (
          <NoCampaigns
            filtered={!sameFilters(filters, DEFAULT_CAMPAIGN_FILTERS)}
            viewer={viewer}
            onClear={() => {
              setResets((n) => n + 1);
              void store.setFilters(DEFAULT_CAMPAIGN_FILTERS);
            }}
            onCreate={onCreate}
          />
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
