import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import { todayUtc } from '../lib/date-range';

export type Draft = [string | null, string | null];

interface DateRangePickerProps {
  label: string;
  value: Draft;
  onChange(next: Draft): void;
  error?: string;
  width: number;
  /** Open the calendar once mounted: the user clicked the stand-in while this module loaded. */
  openOnMount: boolean;
}

/** The calendar picker of DateRangeFilter, in its own chunk with @mantine/dates and its stylesheet. */
export function DateRangePicker({ label, value, onChange, error, width, openOnMount }: DateRangePickerProps) {
  const button = useRef<HTMLButtonElement>(null);
  const openNow = useRef(openOnMount);
  useEffect(() => {
    if (!openNow.current) return;
    openNow.current = false;
    button.current?.focus();
    button.current?.click();
  }, []);
  return (
    <DatePickerInput
      ref={button}
      type="range"
      label={label}
      value={value}
      onChange={(next) => onChange([next[0] ?? null, next[1] ?? null])}
      allowSingleDateInRange
      maxDate={todayUtc()}
      valueFormat="D MMM YYYY"
      error={error}
      w={width}
    />
  );
}
