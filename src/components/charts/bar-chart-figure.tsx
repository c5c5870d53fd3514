import '@mantine/charts/styles.css';
import { Box, VisuallyHidden } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { ChartFigureProps } from './chart-types';

// Loaded lazily (see lazy-charts.tsx): recharts is large and only pages with charts need it.

/** Values per category (campaign, country, …) as bars, with the summary as its caption. */
export function BarChartFigure({
  data,
  series,
  xKey,
  summary,
  xFormatter,
  valueFormatter,
  axisFormatter,
  yAxisLabel,
  h = 260,
}: ChartFigureProps) {
  return (
    <Box component="figure" m={0}>
      <div aria-hidden="true">
        <BarChart
          h={h}
          data={data}
          dataKey={xKey}
          series={series}
          withLegend={series.length > 1}
          valueFormatter={valueFormatter}
          yAxisProps={axisFormatter ? { tickFormatter: (value: number) => axisFormatter(value) } : undefined}
          yAxisLabel={yAxisLabel}
          // The drawing is hidden from assistive tech (the caption says what it shows), so it takes no focus.
          accessibilityLayer={false}
          xAxisProps={xFormatter ? { tickFormatter: (value: string) => xFormatter(value) } : undefined}
        />
      </div>
      <VisuallyHidden component="figcaption">{summary}</VisuallyHidden>
    </Box>
  );
}
