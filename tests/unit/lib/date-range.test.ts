import { describe, expect, it } from 'vitest';
import { addDays, daysInRange, lastDays, presetOf } from '../../../src/lib/date-range';
import { formatMoneyCompact } from '../../../src/lib/format-number';

const now = new Date('2025-03-30T23:30:00Z');

describe('date ranges (UTC days)', () => {
  it('counts the last N days up to and including today, like the API default (to − 29)', () => {
    expect(lastDays(30, now)).toEqual({ from: '2025-03-01', to: '2025-03-30' });
    expect(lastDays(7, now)).toEqual({ from: '2025-03-24', to: '2025-03-30' });
    expect(daysInRange(lastDays(90, now))).toBe(90);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('knows a preset only when the range ends today', () => {
    expect(presetOf({ from: '2025-03-24', to: '2025-03-30' }, now)).toBe(7);
    expect(presetOf({ from: '2025-03-23', to: '2025-03-29' }, now)).toBeNull();
  });
});

describe('compact money for chart axes', () => {
  it('keeps the DKK suffix and the currency symbol elsewhere', () => {
    expect(formatMoneyCompact(612345, 'DKK')).toBe('6.1K kr.');
    expect(formatMoneyCompact(612345, 'USD')).toBe('$6.1K');
    expect(formatMoneyCompact(1500, 'JPY')).toBe('¥1.5K');
  });
});
