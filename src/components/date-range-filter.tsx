import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { daysInRange, lastDays, presetOf, RANGE_PRESETS, todayUtc, type DateRange } from '../lib/date-range';

/** The API refuses longer ranges (422). */
export const MAX_RANGE_DAYS = 366;

type Draft = [string | null, string | null];

interface DateRangeFilterProps {
  value: DateRange;
  onChange(range: DateRange): void;
  /** Label of the picker; the preset group is named after it. */
  label?: string;
}

/** Last 7/30/90 days at one click, or any range up to a year in the picker (UTC days). */
export function DateRangeFilter({ value, onChange, label = 'Dates' }: DateRangeFilterProps) {
  // The picker holds a half-chosen range until its end is picked; the filter changes only then.
  const [draft, setDraft] = useState<Draft>([value.from, value.to]);
  const [shown, setShown] = useState(value);
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value);
    setDraft([value.from, value.to]);
  }
  const [tooLong, setTooLong] = useState(false);
  const active = presetOf(value);

  const pick = (next: Draft) => {
    setDraft(next);
    const [from, to] = next;
    if (!from || !to) return;
    const range = { from, to };
    const long = daysInRange(range) > MAX_RANGE_DAYS;
    setTooLong(long);
    if (!long) onChange(range);
  };

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Group gap={4} role="group" aria-label={`${label}: quick ranges`}>
        {RANGE_PRESETS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant={active === days ? 'filled' : 'default'}
            aria-pressed={active === days}
            onClick={() => {
              setTooLong(false);
              onChange(lastDays(days));
            }}
          >
            Last {days} days
          </Button>
        ))}
      </Group>
      <DatePickerInput
        type="range"
        label={label}
        value={draft}
        onChange={(next) => pick([next[0] ?? null, next[1] ?? null])}
        allowSingleDateInRange
        maxDate={todayUtc()}
        valueFormat="D MMM YYYY"
        error={tooLong ? `At most ${MAX_RANGE_DAYS} days` : undefined}
        w={260}
      />
    </Group>
  );
}
