import { formatDecimal } from '../../../lib/format';

export interface Change {
  /** 'none' when the previous period had nothing to compare with */
  direction: 'up' | 'down' | 'flat' | 'none';
  /** what is shown: '▲ 12.5 %', '▼ 3 %', '0 %' or '—' */
  text: string;
  /** what a screen reader says instead of the arrow */
  spoken: string;
}

/** The change of a figure against the previous period, relative to the previous value. */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return { direction: 'none', text: '—', spoken: 'No previous period to compare with' };
  const ratio = (current - previous) / Math.abs(previous);
  const shown = formatDecimal(Math.abs(ratio) * 100, 1);
  if (shown === '0') return { direction: 'flat', text: '0 %', spoken: 'Unchanged on the previous period' };
  return ratio > 0
    ? { direction: 'up', text: `▲ ${shown} %`, spoken: `Up ${shown} % on the previous period` }
    : { direction: 'down', text: `▼ ${shown} %`, spoken: `Down ${shown} % on the previous period` };
}
