import { Group, Select } from '@mantine/core';
import { useMemo } from 'react';
import { INVOICE_STATUS_LABELS, type InvoiceFilters, type InvoiceStatus } from '../types';
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
  const months = useMemo(() => endedMonths(new Date()), []);
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Status"
        data={[
          { value: 'all', label: 'All statuses' },
          ...statuses.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] })),
        ]}
        value={filters.status}
        allowDeselect={false}
        onChange={(value) => onChange({ ...filters, status: (value ?? 'all') as InvoiceFilters['status'] })}
        w={160}
      />
      <Select
        label="Month"
        placeholder="All months"
        clearable
        data={months}
        value={filters.month}
        onChange={(value) => onChange({ ...filters, month: value })}
        w={180}
      />
      {advertiserOptions && (
        <Select
          label="Advertiser"
          placeholder="All advertisers"
          clearable
          searchable
          nothingFoundMessage="No such advertiser"
          data={advertiserOptions}
          value={filters.advertiser_id}
          onChange={(value) => onChange({ ...filters, advertiser_id: value })}
          w={260}
        />
      )}
    </Group>
  );
}
