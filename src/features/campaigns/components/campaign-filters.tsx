import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { categoryLabel } from '../../../lib/format-text';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search';
import { STATUS_LABELS, type CampaignFilters as Filters } from '../types';
import { CAMPAIGN_STATUSES } from '../../../../contracts/campaigns';
import { CATEGORIES as CAMPAIGN_CATEGORIES } from '../../../../contracts/categories';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...CAMPAIGN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];
const CATEGORY_OPTIONS = [
  { value: 'all', label: 'All categories' },
  ...CAMPAIGN_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) })),
];

interface CampaignFiltersProps {
  filters: Filters;
  onChange(filters: Partial<Filters>): void;
  /** Publishers only ever see active campaigns, so the status filter is pointless for them. */
  showStatus: boolean;
}

export function CampaignFilters({ filters, onChange, showStatus }: CampaignFiltersProps) {
  const [search, setSearch] = useState(filters.search);
  const commitSearch = useDebouncedCallback(
    (value: string) => onChange({ search: value }),
    SEARCH_DEBOUNCE_MS,
  );

  return (
    <Group align="flex-end" wrap="wrap">
      <TextInput
        label="Search campaigns"
        placeholder="Name or description"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          commitSearch(event.currentTarget.value);
        }}
        style={{ flex: 1, minWidth: 200 }}
      />
      {showStatus && (
        <NativeSelect
          label="Status filter"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(event) => onChange({ status: event.currentTarget.value as Filters['status'] })}
        />
      )}
      <NativeSelect
        label="Category filter"
        data={CATEGORY_OPTIONS}
        value={filters.category}
        onChange={(event) => onChange({ category: event.currentTarget.value as Filters['category'] })}
      />
    </Group>
  );
}
