import { Button, Group, Select, TextInput } from '@mantine/core';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';
import { PAYOUT_STATUS_LABELS, type PayoutFilters } from '../types';
import { PAYOUT_STATUSES } from '../../../../contracts/payouts';

export interface PublisherOption {
  value: string;
  label: string;
}

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open (requested or processing)' },
  ...PAYOUT_STATUSES.map((status) => ({ value: status, label: PAYOUT_STATUS_LABELS[status] })),
  { value: 'all', label: 'All statuses' },
];

interface PayoutQueueFiltersProps {
  filters: PayoutFilters;
  publisherOptions: PublisherOption[];
  exporting: boolean;
  onChange(next: PayoutFilters): void;
  onExport(): void;
}

/** Status, publisher, currency and request dates of the queue, and its CSV export with the same filters. */
export function PayoutQueueFilters({
  filters,
  publisherOptions,
  exporting,
  onChange,
  onExport,
}: PayoutQueueFiltersProps) {
  const badRange = filters.from !== null && filters.to !== null && filters.to < filters.from;
  const set = (patch: Partial<PayoutFilters>) => onChange({ ...filters, ...patch });
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Status"
        allowDeselect={false}
        data={STATUS_OPTIONS}
        value={filters.status}
        onChange={(value) => value && set({ status: value as PayoutFilters['status'] })}
        w={280}
      />
      <Select
        label="Publisher"
        placeholder="All publishers"
        searchable
        clearable
        data={publisherOptions}
        value={filters.publisher_id}
        onChange={(value) => set({ publisher_id: value })}
        nothingFoundMessage="No publisher found"
        w={220}
      />
      <Select
        label="Currency"
        placeholder="All currencies"
        clearable
        data={[...SUPPORTED_CURRENCIES]}
        value={filters.currency}
        onChange={(value) => set({ currency: value })}
        w={150}
      />
      <TextInput
        label="Requested from"
        type="date"
        value={filters.from ?? ''}
        onChange={(event) => set({ from: event.currentTarget.value || null })}
        w={170}
      />
      <TextInput
        label="Requested to"
        type="date"
        value={filters.to ?? ''}
        error={badRange ? 'Before the start date' : undefined}
        onChange={(event) => set({ to: event.currentTarget.value || null })}
        w={170}
      />
      <Button variant="default" loading={exporting} disabled={badRange} onClick={onExport}>
        Export CSV
      </Button>
    </Group>
  );
}
