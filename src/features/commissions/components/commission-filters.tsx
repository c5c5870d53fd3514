import '@mantine/dates/styles.css';
import { Group, ScrollArea, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import type { CommissionFilters } from '../types';
import { useTranslation } from '../../../lib/i18n';
import { COMMISSION_STATUSES } from '../../../../contracts/commissions';

export interface CampaignOption {
  value: string;
  label: string;
}

interface CommissionFiltersProps {
  filters: CommissionFilters;
  campaignOptions: CampaignOption[];
  onChange(filters: CommissionFilters): void;
}

type Range = [string | null, string | null];

export function CommissionFiltersBar({ filters, campaignOptions, onChange }: CommissionFiltersProps) {
  // The picker holds a half-chosen range until its end is picked; the filter changes only then.
  const [range, setRange] = useState<Range>([filters.from, filters.to]);
  const { t } = useTranslation('commissions');
  const statusOptions = [
    { value: 'all', label: t('filter.all') },
    ...COMMISSION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
  ];
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      {/* on a phone the six statuses are wider than the screen: they scroll sideways, the page does not */}
      <Stack gap={4} maw="100%" miw={0}>
        <Text size="sm" fw={500} id="commission-status-label">
          {t('filter.status')}
        </Text>
        <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars="x">
          <SegmentedControl
            aria-labelledby="commission-status-label"
            data={statusOptions}
            value={filters.status}
            onChange={(value) => onChange({ ...filters, status: value as CommissionFilters['status'] })}
          />
        </ScrollArea>
      </Stack>
      <Select
        label={t('filter.campaign')}
        placeholder={t('filter.allCampaigns')}
        data={campaignOptions}
        value={filters.campaign_id}
        onChange={(value) => onChange({ ...filters, campaign_id: value })}
        searchable
        clearable
        nothingFoundMessage={t('filter.noCampaign')}
        w={240}
      />
      <DatePickerInput
        type="range"
        label={t('filter.dates')}
        placeholder={t('filter.anyDate')}
        value={range}
        onChange={(value) => {
          const next: Range = [value[0] ?? null, value[1] ?? null];
          setRange(next);
          if ((next[0] && next[1]) || (!next[0] && !next[1]))
            onChange({ ...filters, from: next[0], to: next[1] });
        }}
        allowSingleDateInRange
        clearable
        valueFormat="D MMM YYYY"
        w={260}
      />
    </Group>
  );
}
