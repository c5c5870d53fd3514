import { Card, SimpleGrid, Title } from '@mantine/core';
import { trafficSeries } from '../../../components/charts/chart-types';
import { LazyTimeSeriesChart } from '../../../components/charts/lazy-charts';
import { formatDay } from '../../../lib/date-range';
import { formatMoney } from '../../../lib/format';
import { formatMoneyCompact } from '../../../lib/format-number';
import type { AnalyticsRole, DailyPoint } from '../types';
import { moneySeriesFor } from '../utils/kpi-definitions';
import { moneySummary, trafficSummary } from '../utils/summaries';
import { useTranslation } from '../../../lib/i18n';

interface DailyChartsProps {
  role: AnalyticsRole;
  series: DailyPoint[];
  range: { from: string; to: string };
  currency: string;
}

/** Day by day: traffic (clicks, conversions) and money, each with a text alternative. */
export function DailyCharts({ role, series, range, currency }: DailyChartsProps) {
  const { t } = useTranslation('analytics');
  const money = moneySeriesFor(role);
  const data = series.map((point) => ({ ...point }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Card withBorder padding="md">
        <Title order={3} size="h5" mb="sm">
          {t('chart.traffic')}
        </Title>
        <LazyTimeSeriesChart
          whenVisible
          data={data}
          xKey="date"
          series={trafficSeries({ clicks: t('kpi.clicks'), conversions: t('kpi.conversions') })}
          yAxisLabel={t('kpi.clicks')}
          rightYAxisLabel={t('kpi.conversions')}
          xFormatter={formatDay}
          summary={trafficSummary(series, range)}
        />
      </Card>
      <Card withBorder padding="md">
        <Title order={3} size="h5" mb="sm">
          {money.length > 1
            ? // "Revenue and volume", as "Clicks and conversions" above
              t('chart.moneyTwo', { first: money[0]!.label, second: money[1]!.label.toLowerCase() })
            : money[0]!.label}
        </Title>
        <LazyTimeSeriesChart
          whenVisible
          kind="area"
          data={data}
          xKey="date"
          series={money.map((line) => ({ name: line.key, label: line.label, color: line.color }))}
          xFormatter={formatDay}
          valueFormatter={(value) => formatMoney(value, currency)}
          axisFormatter={(value) => formatMoneyCompact(value, currency)}
          summary={moneySummary(series, money, range, currency)}
        />
      </Card>
    </SimpleGrid>
  );
}
