import { formatTenths } from '../../../lib/format-number';
import { translate } from '../../../lib/i18n';

export interface Change {
  /** 'none' when the previous period had nothing to compare with */
  direction: 'up' | 'down' | 'flat' | 'none';
  /** what is shown: '▲ 12.5 %' ('▲ 12,5 %' in Danish), '▼ 3 %', '0 %' or '—' */
  text: string;
  /** what a screen reader says instead of the arrow */
  spoken: string;
}

/** The change of a figure against the previous period, relative to the previous value. */
export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return { direction: 'none', text: '—', spoken: translate('analytics', 'change.none') };
  const ratio = (current - previous) / Math.abs(previous);
  const shown = formatTenths(Math.abs(ratio) * 100);
  if (shown === '0') return { direction: 'flat', text: '0 %', spoken: translate('analytics', 'change.flat') };
  return ratio > 0
    ? { direction: 'up', text: `▲ ${shown} %`, spoken: translate('analytics', 'change.up', { shown }) }
    : { direction: 'down', text: `▼ ${shown} %`, spoken: translate('analytics', 'change.down', { shown }) };
}
