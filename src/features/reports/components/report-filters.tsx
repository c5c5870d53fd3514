import { Group, Select } from '@mantine/core';
import { DateRangeFilter } from '../../../components/date-range-filter';
import type { ReportParams } from '../api/report-keys';
import { GROUP_BY_LABELS, groupBysFor, type FilterOption, type GroupBy, type ReportViewer } from '../types';

export type ReportFilterValues = Omit<ReportParams, 'currency'>;

interface ReportFiltersProps {
  viewer: ReportViewer;
  value: ReportFilterValues;
  onChange(value: ReportFilterValues): void;
  campaignOptions: FilterOption[];
  publisherOptions: FilterOption[];
}

/** Grouping, dates and (for advertisers and admins) the campaign and publisher filters. */
export function ReportFilters({
  viewer,
  value,
  onChange,
  campaignOptions,
  publisherOptions,
}: ReportFiltersProps) {
  const filtersOthers = viewer !== 'publisher';
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Group by"
        data={groupBysFor(viewer).map((groupBy) => ({ value: groupBy, label: GROUP_BY_LABELS[groupBy] }))}
        value={value.group_by}
        onChange={(groupBy) => groupBy && onChange({ ...value, group_by: groupBy as GroupBy })}
        allowDeselect={false}
        w={160}
      />
      <DateRangeFilter
        value={{ from: value.from, to: value.to }}
        onChange={(range) => onChange({ ...value, ...range })}
      />
      {filtersOthers && (
        <Select
          label="Campaign"
          placeholder="All campaigns"
          data={campaignOptions}
          value={value.campaign_id}
          onChange={(campaign_id) => onChange({ ...value, campaign_id })}
          searchable
          clearable
          nothingFoundMessage="No campaign found"
          w={220}
        />
      )}
      {filtersOthers && (
        <Select
          label="Publisher"
          placeholder="All publishers"
          data={publisherOptions}
          value={value.publisher_id}
          onChange={(publisher_id) => onChange({ ...value, publisher_id })}
          searchable
          clearable
          nothingFoundMessage="No publisher found"
          w={220}
        />
      )}
    </Group>
  );
}
