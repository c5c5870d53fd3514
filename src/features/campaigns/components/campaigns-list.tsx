import { useState } from 'react';
import { Alert, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
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
  const { t } = useTranslation('campaigns');
  if (filtered)
    return <EmptyState title={t('empty.filtered')} action={{ label: t('empty.clear'), onClick: onClear }} />;
  if (viewer.role === 'publisher')
    return <EmptyState title={t('empty.publisherTitle')} description={t('empty.publisherText')} />;
  return (
    <EmptyState
      title={t('empty.title')}
      description={onCreate ? t('empty.text') : undefined}
      action={onCreate ? { label: t('empty.create'), onClick: onCreate } : undefined}
    />
  );
}

const sameFilters = (a: Filters, b: Filters) =>
  a.status === b.status && a.category === b.category && a.search.trim() === b.search.trim();

/** Filters, the table of the current page, and the pagination control. */
export function CampaignsList({ state, store, viewer, onCreate, ...actions }: CampaignsListProps) {
  const { t } = useTranslation('campaigns');
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
        <Alert color="red" variant="light" title={t('list.errorTitle')}>
          {errorMessage(error, t('list.error'))}
        </Alert>
      )}
      {loading && (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('list.loading')}
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
            {t('list.count', { count: pagination.total })}
          </Text>
          <Pagination
            total={pages}
            value={pagination.page}
            onChange={(page) => void store.setPage(page)}
            getControlProps={(control) => ({ 'aria-label': t(`list.page.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}
