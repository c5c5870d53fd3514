import { Alert, Button, Card, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { isDay, lastDays } from '../../../lib/date-range';
import { oneOf, useUrlParams, type UrlParams } from '../../../lib/use-url-params';
import { useDownloadReportCsv } from '../api/download-report-csv';
import { useReport } from '../api/get-report';
import { groupBysFor, type FilterOption, type ReportViewer } from '../types';
import { ReportChart } from './report-chart';
import { ReportFilters, type ReportFilterValues } from './report-filters';
import { ReportTable } from './report-table';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTranslation } from '../../../lib/i18n';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The filters in the URL (?group_by=campaign&from=2026-11-01&to=2026-11-07&campaign_id=…), so a reload or
 * a shared link shows the same report; without dates it is the last 30 days up to today.
 */
const REPORT_PARAMS = { group_by: 'day', from: '', to: '', campaign_id: '', publisher_id: '' };

function filtersOf(params: UrlParams<keyof typeof REPORT_PARAMS>, viewer: ReportViewer): ReportFilterValues {
  const range =
    isDay(params.from) && isDay(params.to) && params.from <= params.to
      ? { from: params.from, to: params.to }
      : lastDays(30);
  const others = viewer !== 'publisher';
  return {
    group_by: oneOf(params.group_by, groupBysFor(viewer), 'day'),
    ...range,
    campaign_id: (others && params.campaign_id) || null,
    publisher_id: (others && params.publisher_id) || null,
  };
}

interface ReportsPanelProps {
  viewer: ReportViewer;
  /** display currency the report is converted to */
  currency: string;
  campaignOptions: FilterOption[];
  publisherOptions: FilterOption[];
  /** the report's held-for-review and rejected-for-fraud counts (composed by the app) */
  renderFraud?: (fraud: { held: number; rejected_for_fraud: number }) => ReactNode;
}

/** Figures grouped by time or by a dimension, as a chart and a sortable table, exportable as CSV. */
export function ReportsPanel({
  viewer,
  currency,
  campaignOptions,
  publisherOptions,
  renderFraud,
}: ReportsPanelProps) {
  const { t } = useTranslation('reports');
  const [urlParams, setUrlParams] = useUrlParams(REPORT_PARAMS);
  const filters = filtersOf(urlParams, viewer);
  const setFilters = (next: ReportFilterValues) => {
    // the last 30 days stay relative: the address says nothing, and tomorrow it means tomorrow's 30 days
    const fallback = lastDays(30);
    const relative = next.from === fallback.from && next.to === fallback.to;
    setUrlParams({
      group_by: next.group_by,
      from: relative ? '' : next.from,
      to: relative ? '' : next.to,
      campaign_id: next.campaign_id ?? '',
      publisher_id: next.publisher_id ?? '',
    });
  };
  const params = { ...filters, currency };
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useReport(params);
  const download = useDownloadReportCsv();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <ReportFilters
          viewer={viewer}
          value={filters}
          onChange={setFilters}
          campaignOptions={campaignOptions}
          publisherOptions={publisherOptions}
        />
        <Button variant="default" loading={download.isPending} onClick={() => download.mutate(params)}>
          {t('export.button')}
        </Button>
      </Group>
      <VisuallyHidden role="status">
        {download.isPending
          ? t('export.preparing')
          : download.isSuccess
            ? t('export.downloaded', { file: download.data })
            : ''}
      </VisuallyHidden>
      {download.error && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          onClose={() => download.reset()}
          title={t('export.failedTitle')}
        >
          {errorMessage(download.error, t('export.failed'))}
        </Alert>
      )}
      {isPending && (
        <Stack gap="sm" role="status" aria-label={t('report.loading')}>
          <Skeleton height={260} />
          <Skeleton height={200} />
        </Stack>
      )}
      {error && !data && (
        <LoadErrorAlert
          title={t('report.loadError')}
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      )}
      {data && (
        <Stack gap="md" aria-busy={isFetching} style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
          {data.rows.length > 0 && (
            <Card withBorder padding="md">
              <ReportChart report={data} viewer={viewer} />
            </Card>
          )}
          <ReportTable report={data} viewer={viewer} />
          {renderFraud?.(data.fraud)}
          <Text size="xs" c="dimmed">
            {sentence(data.rates_note)} {t('report.commissionNote')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
