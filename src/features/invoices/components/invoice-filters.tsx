import { Group, Select } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { InvoiceFilters, InvoiceStatus } from '../types';
import { endedMonths } from '../utils/format';
import { INVOICE_STATUSES } from '../../../../contracts/invoices';

interface InvoiceFiltersBarProps {
  filters: InvoiceFilters;
  onChange(next: InvoiceFilters): void;
  /** admins filter by advertiser; advertisers see only their own */
  advertiserOptions?: { value: string; label: string }[];
  /** advertisers never see drafts */
  statuses?: readonly InvoiceStatus[];
}

export function InvoiceFiltersBar({
  filters,
  onChange,
  advertiserOptions,
  statuses = INVOICE_STATUSES,
}: InvoiceFiltersBarProps) {
  const { t } = useTranslation('invoices');
  const { t: tc } = useTranslation('common');
  // month names in the UI language: cheap enough to make on each render
  const months = endedMonths(new Date());
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t('filter.status')}
        data={[
          { value: 'all', label: t('filter.allStatuses') },
          ...statuses.map((s) => ({ value: s, label: tc(`status.invoice.${s}`) })),
        ]}
        value={filters.status}
        allowDeselect={false}
        onChange={(value) => onChange({ ...filters, status: (value ?? 'all') as InvoiceFilters['status'] })}
        w={160}
      />
      <Select
        label={t('filter.month')}
        placeholder={t('filter.allMonths')}
        clearable
        data={months}
        value={filters.month}
        onChange={(value) => onChange({ ...filters, month: value })}
        w={180}
      />
      {advertiserOptions && (
        <Select
          label={t('filter.advertiser')}
          placeholder={t('filter.allAdvertisers')}
          clearable
          searchable
          nothingFoundMessage={t('filter.noAdvertiser')}
          data={advertiserOptions}
          value={filters.advertiser_id}
          onChange={(value) => onChange({ ...filters, advertiser_id: value })}
          w={260}
        />
      )}
    </Group>
  );
}
