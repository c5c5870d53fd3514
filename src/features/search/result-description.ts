import { formatFullDay, isMonth } from '../../lib/date-range';
import { formatMonth } from '../../lib/format-date';
import type { SearchResult } from './types';

/** A result's second line: its subtitle, then its date ('Oct 29, 2026') or month ('October 2026'). */
export function resultDescription({ subtitle, date }: Pick<SearchResult, 'subtitle' | 'date'>): string {
  const when = date ? (isMonth(date) ? formatMonth(date) : formatFullDay(date)) : null;
  return [subtitle, when].filter(Boolean).join(' · ');
}
