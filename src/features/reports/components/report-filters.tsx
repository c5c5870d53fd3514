import { Group, Select } from '@mantine/core';
import { DateRangeFilter } from '../../../components/date-range-filter';
import type { ReportParams } from '../api/report-keys';
import { useTranslation } from '../../../lib/i18n';
import { groupBysFor, type FilterOption, type GroupBy, type ReportViewer } from '../types';

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
  const { t } = useTranslation('reports');
  const filtersOthers = viewer !== 'publisher';
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label={t('filter.groupBy')}
        data={groupBysFor(viewer).map((groupBy) => ({ value: groupBy, label: t(`groupBy.${groupBy}`) }))}
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
          label={t('filter.campaign')}
          placeholder={t('filter.allCampaigns')}
          data={campaignOptions}
          value={value.campaign_id}
          onChange={(campaign_id) => onChange({ ...value, campaign_id })}
          searchable
          clearable
          nothingFoundMessage={t('filter.noCampaign')}
          w={220}
        />
      )}
      {filtersOthers && (
        <Select
          label={t('filter.publisher')}
          placeholder={t('filter.allPublishers')}
          data={publisherOptions}
          value={value.publisher_id}
          onChange={(publisher_id) => onChange({ ...value, publisher_id })}
          searchable
          clearable
          nothingFoundMessage={t('filter.noPublisher')}
          w={220}
        />
      )}
    </Group>
  );
}
