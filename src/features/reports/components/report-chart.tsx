import { trafficSeries } from '../../../components/charts/chart-types';
import { LazyBarChart, LazyTimeSeriesChart } from '../../../components/charts/lazy-charts';
import { formatMoney } from '../../../lib/format';
import { formatMoneyCompact } from '../../../lib/format-number';
import { useTranslation } from '../../../lib/i18n';
import { commissionLabel, isTimeGrouping, type Report, type ReportViewer } from '../types';
import { periodLabel } from '../utils/row-label';
import { rankingSummary, timeSummary } from '../utils/summaries';
import { minorValue } from '../../../lib/format';

/** More bars than this stop being readable; the table has them all. */
const MAX_BARS = 12;

/** Lines over time for day/week/month; bars of commission for the other groupings (largest first). */
export function ReportChart({ report, viewer, h }: { report: Report; viewer: ReportViewer; h?: number }) {
  const { t } = useTranslation('reports');
  if (isTimeGrouping(report.group_by)) {
    const data = report.rows.map((row) => ({
      period: periodLabel(report.group_by, row.key, true) ?? row.key,
      clicks: row.clicks,
      conversions: row.conversions,
    }));
    return (
      <LazyTimeSeriesChart
        data={data}
        xKey="period"
        series={trafficSeries({ clicks: t('figure.clicks'), conversions: t('figure.conversions') })}
        yAxisLabel={t('figure.clicks')}
        rightYAxisLabel={t('figure.conversions')}
        summary={timeSummary(report)}
        h={h}
      />
    );
  }
  const moneyLabel = commissionLabel(viewer);
  const rows = [...report.rows]
    .sort((a, b) => minorValue(b.commission_minor) - minorValue(a.commission_minor))
    .slice(0, MAX_BARS);
  return (
    <LazyBarChart
      data={rows.map((row) => ({ label: row.label, commission_minor: minorValue(row.commission_minor) }))}
      xKey="label"
      series={[{ name: 'commission_minor', label: moneyLabel, color: 'teal.6' }]}
      valueFormatter={(value) => formatMoney(value, report.currency)}
      axisFormatter={(value) => formatMoneyCompact(value, report.currency)}
      summary={rankingSummary(rows, report, moneyLabel)}
      h={h}
    />
  );
}
