import { Skeleton } from '@mantine/core';
import { Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { lazyWithMoreStyles } from '../../lib/load-more-styles';
import { useTranslation } from '../../lib/i18n';

// The chart modules (recharts) load on first use, never with the entry chunk.
const TimeSeriesChart = lazyWithMoreStyles(() => import('./time-series-chart'), 'TimeSeriesChart');
const BarChartFigure = lazyWithMoreStyles(() => import('./bar-chart-figure'), 'BarChartFigure');

interface LazyChartOptions {
  /**
   * Draw the chart only once its place scrolls into view (e.g. below a phone's first screen): recharts is
   * the heaviest code of a page, not worth parsing and running before anyone looks at it.
   */
  whenVisible?: boolean;
}

const VISIBLE_SHARE = 0.1;

const canObserve = () => typeof IntersectionObserver === 'function';

/** The skeleton in the chart's place (same height, so nothing moves), then the chart. */
function ChartSlot({
  h = 260,
  whenVisible = false,
  children,
}: {
  h?: number;
  whenVisible?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const slot = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => !whenVisible || !canObserve());
  useEffect(() => {
    const element = slot.current;
    if (visible || !element) return;
    // A sliver at the screen's edge is not "looking at the chart": a tenth of it must be in view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio >= VISIBLE_SHARE)) setVisible(true);
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  const fallback = <Skeleton ref={slot} height={h} role="status" aria-label={t('chart.loading')} />;
  return visible ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

export function LazyTimeSeriesChart({
  whenVisible,
  ...props
}: ComponentProps<typeof TimeSeriesChart> & LazyChartOptions) {
  return (
    <ChartSlot h={props.h} whenVisible={whenVisible}>
      <TimeSeriesChart {...props} />
    </ChartSlot>
  );
}

export function LazyBarChart({
  whenVisible,
  ...props
}: ComponentProps<typeof BarChartFigure> & LazyChartOptions) {
  return (
    <ChartSlot h={props.h} whenVisible={whenVisible}>
      <BarChartFigure {...props} />
    </ChartSlot>
  );
}
