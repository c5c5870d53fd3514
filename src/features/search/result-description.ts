import { formatDate, formatMonth } from '../../lib/format-date';
import type { SearchResult } from './types';

/** A result's second line: its subtitle, then its date ('Oct 29, 2026') or month ('October 2026'). */
export function resultDescription(result: Pick<SearchResult, 'subtitle' | 'date'>): string {
  const { subtitle, date } = result;
  let when: string | null = null;
  if (date && /^\d{4}-\d{2}$/.test(date)) when = formatMonth(date);
  else if (date) when = formatDate(date, '');
  return [subtitle, when].filter(Boolean).join(' · ');
}
