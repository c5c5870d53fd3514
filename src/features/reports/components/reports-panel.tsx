import { Alert, Button, Card, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { lastDays } from '../../../lib/date-range';
import { useDownloadReportCsv } from '../api/download-report-csv';
import { useReport } from '../api/get-report';
import type { FilterOption, ReportViewer } from '../types';
import { ReportChart } from './report-chart';
import { ReportFilters, type ReportFilterValues } from './report-filters';
import { ReportTable } from './report-table';
import { LoadErrorAlert } from '../../../components/load-error-alert';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

interface ReportsPanelProps {
  viewer: ReportViewer;
  /** display currency the report is converted to */
  currency: string;
  campaignOptions: FilterOption[];
  publisherOptions: FilterOption[];
}

/** Figures grouped by time or by a dimension, as a chart and a sortable table, exportable as CSV. */
export function ReportsPanel({ viewer, currency, campaignOptions, publisherOptions }: ReportsPanelProps) {
  const [filters, setFilters] = useState<ReportFilterValues>(() => ({
    group_by: 'day',
    ...lastDays(30),
    campaign_id: null,
    publisher_id: null,
  }));
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
          Export CSV
        </Button>
      </Group>
      <VisuallyHidden role="status">
        {download.isPending
          ? 'Preparing the CSV file…'
          : download.isSuccess
            ? `Downloaded ${download.data}`
            : ''}
      </VisuallyHidden>
      {download.error && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          onClose={() => download.reset()}
          title="Export failed"
        >
          {errorMessage(download.error, 'The CSV could not be downloaded. Please try again.')}
        </Alert>
      )}
      {isPending && (
        <Stack gap="sm" role="status" aria-label="Loading the report">
          <Skeleton height={260} />
          <Skeleton height={200} />
        </Stack>
      )}
      {error && !data && (
        <LoadErrorAlert
          title="Could not load the report"
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
          <Text size="xs" c="dimmed">
            {sentence(data.rates_note)} Commission counts pending, approved and paid; rejected and reversed
            ones are left out.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
