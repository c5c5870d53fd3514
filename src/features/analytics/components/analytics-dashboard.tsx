import { Group, Loader, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { memo, useDeferredValue, useState, type ReactNode } from 'react';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { formatRange, lastDays, type DateRange } from '../../../lib/date-range';
import { DASHBOARD_DEFAULT_DAYS, useDashboard } from '../api/get-dashboard';
import type { Dashboard } from '../types';
import { DailyCharts } from './daily-charts';
import { EmptyDashboard } from './empty-dashboard';
import { KpiGrid, KpiGridSkeleton } from './kpi-grid';
import { TopList } from './top-list';
import { TodoList } from './todo-list';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTranslation } from '../../../lib/i18n';

const hasTraffic = (kpis: Dashboard['kpis']) => kpis.clicks > 0 || kpis.conversions > 0;

/** Renders the range's held-for-review and rejected-for-fraud counts (composed by the app). */
export type RenderFraudCounts = (fraud: Dashboard['fraud'], role: Dashboard['role']) => ReactNode;

/** The signed-in user's figures for a date range, in the display currency `currency`. */
export function AnalyticsDashboard({
  currency,
  renderFraud,
}: {
  currency: string;
  renderFraud?: RenderFraudCounts;
}) {
  const { t } = useTranslation('analytics');
  const [range, setRange] = useState<DateRange>(() => lastDays(DASHBOARD_DEFAULT_DAYS));
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useDashboard({
    ...range,
    currency,
  });
  // A query's answer re-renders synchronously (one long task for the whole dashboard); deferred, the
  // figures render in the background in small slices, the skeleton staying until they are ready.
  const shown = useDeferredValue(data);

  return (
    <Stack gap="md" aria-busy={isFetching}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="xs" align="center">
          <Title order={2} size="h3">
            {t('title')}
          </Title>
          {isFetching && !isPending && <Loader size="xs" aria-label={t('updating')} />}
        </Group>
        <DateRangeFilter value={range} onChange={setRange} />
      </Group>
      {!shown && !error && <DashboardSkeleton />}
      {error && !data && (
        <LoadErrorAlert
          title={t('loadError')}
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      )}
      {shown && (
        <DashboardFigures
          data={shown}
          dimmed={isPlaceholderData || shown !== data}
          renderFraud={renderFraud}
        />
      )}
    </Stack>
  );
}

/** The rates note's clauses, each keeping its own punctuation ("…of 29 Nov 2026;", "set a provider…"). */
function noteClauses(note: string): string[] {
  return note.split(/(?<=;)\s+/).filter(Boolean);
}

/**
 * The figures, lists and charts: re-rendered only when the answer changes (a parent's render for
 * anything else is skipped), and then as a deferred render that yields to the browser (see above).
 */
const DashboardFigures = memo(function DashboardFigures({
  data,
  dimmed,
  renderFraud,
}: {
  data: Dashboard;
  dimmed: boolean;
  renderFraud?: RenderFraudCounts;
}) {
  return (
    <Stack gap="md" style={{ opacity: dimmed ? 0.6 : 1 }}>
      {/* Small boxes, not one paragraph: each stays smaller than the page's heading, which (painted with the
          shell, before the figures) stays the largest contentful paint. The rates note is one box per clause
          ("…built-in rates of <date>;" "set a provider in Settings"): whole, it wrapped to two lines on a phone
          and became the page's largest paint, 2–3 s late under Lighthouse's slow network. */}
      <Group gap={4} wrap="wrap">
        <Text size="sm" c="dimmed">
          {formatRange(data)} ·
        </Text>
        {noteClauses(data.rates_note).map((clause) => (
          <Text key={clause} size="xs" c="dimmed">
            {clause}
          </Text>
        ))}
      </Group>
      <KpiGrid role={data.role} kpis={data.kpis} previous={data.previous} currency={data.currency} />
      {renderFraud?.(data.fraud, data.role)}
      {hasTraffic(data.kpis) ? (
        <DailyCharts role={data.role} series={data.series} range={data} currency={data.currency} />
      ) : (
        <EmptyDashboard role={data.role} hadTrafficBefore={hasTraffic(data.previous)} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {hasTraffic(data.kpis) && <TopList role={data.role} items={data.top} currency={data.currency} />}
        <TodoList items={data.todo} />
      </SimpleGrid>
    </Stack>
  );
});

/** Memoized: the dashboard's renders while its figures load (e.g. its query's state) leave it alone. */
const DashboardSkeleton = memo(function DashboardSkeleton() {
  const { t } = useTranslation('analytics');
  return (
    <Stack gap="md" role="status" aria-label={t('loading')}>
      <KpiGridSkeleton />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Skeleton height={300} />
        <Skeleton height={300} />
      </SimpleGrid>
    </Stack>
  );
});
