import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search';
import { useTranslation } from '../../../lib/i18n';
import type { CampaignFilters as Filters } from '../types';
import { CAMPAIGN_STATUSES } from '../../../../contracts/campaigns';
import { CATEGORIES as CAMPAIGN_CATEGORIES } from '../../../../contracts/categories';

interface CampaignFiltersProps {
  filters: Filters;
  onChange(filters: Partial<Filters>): void;
  /** Publishers only ever see active campaigns, so the status filter is pointless for them. */
  showStatus: boolean;
}

export function CampaignFilters({ filters, onChange, showStatus }: CampaignFiltersProps) {
  const [search, setSearch] = useState(filters.search);
  const { t } = useTranslation('campaigns');
  const statusOptions = [
    { value: 'all', label: t('filter.allStatuses') },
    ...CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
  ];
  const categoryOptions = [
    { value: 'all', label: t('filter.allCategories') },
    ...CAMPAIGN_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) })),
  ];
  const commitSearch = useDebouncedCallback(
    (value: string) => onChange({ search: value }),
    SEARCH_DEBOUNCE_MS,
  );

  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label={t('filter.search')}
        placeholder={t('filter.searchPlaceholder')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
        style={{ flex: 1, minWidth: 200 }}
      />
      {showStatus && (
        <NativeSelect
          label={t('filter.status')}
          data={statusOptions}
          value={filters.status}
          onChange={(event) => onChange({ status: event.currentTarget.value as Filters['status'] })}
        />
      )}
      <NativeSelect
        label={t('filter.category')}
        data={categoryOptions}
        value={filters.category}
        onChange={(event) => onChange({ category: event.currentTarget.value as Filters['category'] })}
      />
    </Group>
  );
}
