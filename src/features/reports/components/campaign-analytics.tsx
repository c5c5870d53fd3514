import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { StatCard, StatCardSkeleton } from '../../../components/stat-card';
import { formatRange, lastDays, type DateRange } from '../../../lib/date-range';
import { formatMoney } from '../../../lib/format';
import { formatCount, formatRate } from '../../../lib/format-number';
import { useReport } from '../api/get-report';
import { useTranslation } from '../../../lib/i18n';
import { commissionLabel, type ReportFigures, type ReportViewer } from '../types';
import { ReportChart } from './report-chart';
import { LoadErrorAlert } from '../../../components/load-error-alert';

interface CampaignAnalyticsProps {
  campaignId: string;
  campaignName: string;
  viewer: ReportViewer;
  currency: string;
}

function totalsCards(
  totals: ReportFigures,
  viewer: ReportViewer,
  t: (key: string) => string,
): [string, string][] {
  return [
    [t('figure.clicks'), formatCount(totals.clicks)],
    [t('figure.conversions'), formatCount(totals.conversions)],
    [t('figure.conversionRate'), formatRate(totals.cr)],
    [t('figure.revenue'), formatMoney(totals.revenue_minor, totals.currency)],
    [commissionLabel(viewer), formatMoney(totals.commission_minor, totals.currency)],
    [t('figure.epc'), formatMoney(totals.epc_minor, totals.currency)],
  ];
}

/** campaignAnalytics: one campaign's totals and its day-by-day chart (last 30 days unless another range is picked). */
export function CampaignAnalytics({ campaignId, campaignName, viewer, currency }: CampaignAnalyticsProps) {
  const { t } = useTranslation('reports');
  const [range, setRange] = useState<DateRange>(() => lastDays(30));
  const { data, error, isPending, isFetching, refetch } = useReport({
    group_by: 'day',
    ...range,
    campaign_id: campaignId,
    publisher_id: null,
    currency,
  });

  return (
    <Stack gap="md">
      <DateRangeFilter value={range} onChange={setRange} />
      {isPending && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" role="status" aria-label={t('analytics.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <StatCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      )}
      {error && !data && (
        <LoadErrorAlert
          title={t('analytics.loadError')}
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      )}
      {data && (
        <Stack gap="md" aria-busy={isFetching}>
          <Text size="sm" c="dimmed">
            {t('analytics.currency', { range: formatRange(data), currency: data.currency })}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {totalsCards(data.totals, viewer, t).map(([label, value]) => (
              <StatCard key={label} label={label} value={value} />
            ))}
          </SimpleGrid>
          {data.totals.clicks === 0 && data.totals.conversions === 0 ? (
            <Text c="dimmed">{t('analytics.noClicks', { campaign: campaignName })}</Text>
          ) : (
            <ReportChart report={data} viewer={viewer} h={220} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
