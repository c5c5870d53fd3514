import { describe, expect, it } from 'vitest';
import { countryFilter } from '../../../src/components/country-select';
import { countryOptions } from '../../../src/lib/countries';
import { formatDate, formatDateTime, formatDayOfMonth, formatMonth } from '../../../src/lib/format-date';
import { categoryLabel, initials } from '../../../src/lib/format-text';

describe('date formatting', () => {
  it("writes dates in the user's locale on the UTC calendar", () => {
    // 23:30 UTC is already the next day in Copenhagen: the UTC day is the one the server filters under.
    expect(formatDate('2025-03-04T23:30:00Z', '—', 'en-GB')).toBe('4 Mar 2025');
    expect(formatDate('2025-03-04T23:30:00Z', '—', 'en-US')).toBe('Mar 4, 2025');
    expect(formatDate('2025-03-04T23:30:00Z', '—', 'da-DK')).toBe('4. mar. 2025');
    expect(formatDateTime('2025-03-04T09:15:00Z', '—', 'en-GB')).toBe('4 Mar 2025, 09:15 UTC');
    expect(formatMonth('2026-10', false, 'en-GB')).toBe('October 2026');
    expect(formatMonth('2026-10', true, 'en-GB')).toBe('Oct 2026');
    expect(formatDayOfMonth('2025-03-04', 'en-GB')).toBe('4 Mar');
  });

  it('shows a placeholder for a missing or broken date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined, 'Never')).toBe('Never');
    expect(formatDateTime('not a date', 'Never')).toBe('Never');
  });
});

describe('labels', () => {
  it('capitalises categories the same way everywhere', () => {
    expect(categoryLabel('fashion')).toBe('Fashion');
    expect(categoryLabel('other')).toBe('Other');
  });

  it('draws the same avatar initials for a name, an address and nothing', () => {
    expect(initials('alice smith')).toBe('AS');
    expect(initials('Priya')).toBe('P');
    expect(initials('Ana Maria Lopez')).toBe('AM');
    expect(initials('ops@example.com')).toBe('OE');
    expect(initials('  ')).toBe('?');
  });

  it('finds a country by its code first, then by the start of its name', () => {
    const search = (text: string) =>
      (
        countryFilter({ options: countryOptions(), search: text, limit: Infinity }) as { label: string }[]
      ).map((o) => o.label);
    expect(search('dk')[0]).toBe('Denmark (DK)');
    expect(search('SE')[0]).toBe('Sweden (SE)');
    expect(search('denmark')).toEqual(['Denmark (DK)']);
    expect(search('united')[0]).toMatch(/^United/);
  });
});
