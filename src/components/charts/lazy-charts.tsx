import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

// The chart modules (recharts) load on first use, never with the entry chunk.
const TimeSeriesChart = lazy(() =>
  import('./time-series-chart').then((m) => ({ default: m.TimeSeriesChart })),
);
const BarChartFigure = lazy(() => import('./bar-chart-figure').then((m) => ({ default: m.BarChartFigure })));

const fallback = (h = 260) => <Skeleton height={h} role="status" aria-label="Loading chart" />;

export function LazyTimeSeriesChart(props: ComponentProps<typeof TimeSeriesChart>) {
  return (
    <Suspense fallback={fallback(props.h)}>
      <TimeSeriesChart {...props} />
    </Suspense>
  );
}

export function LazyBarChart(props: ComponentProps<typeof BarChartFigure>) {
  return (
    <Suspense fallback={fallback(props.h)}>
      <BarChartFigure {...props} />
    </Suspense>
  );
}
