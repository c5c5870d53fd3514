import '@mantine/charts/styles.css';
import { Box, VisuallyHidden } from '@mantine/core';
import { AreaChart, LineChart } from '@mantine/charts';
import type { ChartFigureProps } from './chart-types';

// Loaded lazily (see lazy-charts.tsx): recharts is large and only pages with charts need it.

/** Values over days, weeks or months as lines (or filled areas), with the summary as its caption. */
export function TimeSeriesChart({
  data,
  series,
  xKey,
  summary,
  xFormatter,
  valueFormatter,
  axisFormatter,
  yAxisLabel,
  rightYAxisLabel,
  h = 260,
  kind = 'line',
}: ChartFigureProps & { kind?: 'line' | 'area' }) {
  const Chart = kind === 'area' ? AreaChart : LineChart;
  return (
    <Box component="figure" m={0}>
      <div aria-hidden="true">
        <Chart
          h={h}
          data={data}
          dataKey={xKey}
          series={series}
          curveType="monotone"
          withLegend
          withDots={data.length <= 31}
          valueFormatter={valueFormatter}
          yAxisProps={axisFormatter ? { tickFormatter: (value: number) => axisFormatter(value) } : undefined}
          yAxisLabel={yAxisLabel}
          withRightYAxis={series.some((line) => line.yAxisId === 'right')}
          rightYAxisLabel={rightYAxisLabel}
          rightYAxisProps={{ allowDecimals: false }}
          // The drawing is hidden from assistive tech (the caption says what it shows), so it takes no focus.
          accessibilityLayer={false}
          xAxisProps={xFormatter ? { tickFormatter: (value: string) => xFormatter(value) } : undefined}
        />
      </div>
      <VisuallyHidden component="figcaption">{summary}</VisuallyHidden>
    </Box>
  );
}
