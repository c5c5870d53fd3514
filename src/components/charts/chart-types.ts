export interface ChartSeries {
  /** key of the value in each data row */
  name: string;
  /** legend and tooltip label */
  label: string;
  color: string;
  /** 'right' draws the series against a second axis on the right (e.g. conversions next to clicks) */
  yAxisId?: 'right';
}

export type ChartRow = Record<string, string | number>;

export interface ChartFigureProps {
  data: ChartRow[];
  series: ChartSeries[];
  /** key of the x-axis value in each row */
  xKey: string;
  /** Text alternative: what the chart shows, read instead of the drawing (the drawing is hidden from it). */
  summary: string;
  xFormatter?: (value: string) => string;
  /** tooltip values */
  valueFormatter?: (value: number) => string;
  /** y-axis ticks, when they should be shorter than the tooltip's values */
  axisFormatter?: (value: number) => string;
  yAxisLabel?: string;
  rightYAxisLabel?: string;
  h?: number;
}

/**
 * Clicks and conversions together: conversions are far fewer, so they get the right-hand axis. The
 * legend's words come from the caller's catalog ("Klik", "Konverteringer").
 */
export function trafficSeries(labels: { clicks: string; conversions: string }): ChartSeries[] {
  return [
    { name: 'clicks', label: labels.clicks, color: 'blue.6' },
    { name: 'conversions', label: labels.conversions, color: 'orange.6', yAxisId: 'right' },
  ];
}
