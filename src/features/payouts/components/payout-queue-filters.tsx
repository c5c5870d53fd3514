import { Button, Group, Select } from '@mantine/core';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';
import type { PayoutFilters } from '../types';
import { useTranslation } from '../../../lib/i18n';
import { PAYOUT_STATUSES } from '../../../../contracts/payouts';
import { DateField } from '../../../components/date-field';

export interface PublisherOption {
  value: string;
  label: string;
}

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
  const { t } = useTranslation('payouts');
  const statusOptions = [
    { value: 'open', label: t('filters.open') },
    ...PAYOUT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
    { value: 'all', label: t('filters.allStatuses') },
  ];
  const badRange = filters.from !== null && filters.to !== null && filters.to < filters.from;
  const set = (patch: Partial<PayoutFilters>) => onChange({ ...filters, ...patch });
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('col.status')}
        allowDeselect={false}
        data={statusOptions}
        value={filters.status}
        onChange={(value) => value && set({ status: value as PayoutFilters['status'] })}
        w={280}
      />
      <Select
        label={t('col.publisher')}
        placeholder={t('filters.allPublishers')}
        searchable
        clearable
        data={publisherOptions}
        value={filters.publisher_id}
        onChange={(value) => set({ publisher_id: value })}
        nothingFoundMessage={t('filters.noPublisher')}
        w={220}
      />
      <Select
        label={t('filters.currency')}
        placeholder={t('filters.allCurrencies')}
        clearable
        data={[...SUPPORTED_CURRENCIES]}
        value={filters.currency}
        onChange={(value) => set({ currency: value })}
        w={150}
      />
      <DateField
        label={t('filters.from')}
        value={filters.from ?? ''}
        onChange={(from) => set({ from: from || null })}
        w={170}
      />
      <DateField
        label={t('filters.to')}
        value={filters.to ?? ''}
        error={badRange ? t('filters.beforeStart') : undefined}
        onChange={(to) => set({ to: to || null })}
        w={170}
      />
      <Button variant="default" loading={exporting} disabled={badRange} onClick={onExport}>
        {t('filters.export')}
      </Button>
    </Group>
  );
}
