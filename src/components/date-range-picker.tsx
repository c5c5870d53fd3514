import '@mantine/dates/styles.css';
import 'dayjs/locale/da';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import { todayUtc } from '../lib/date-range';
import { useTranslation } from '../lib/i18n';

export type Draft = [string | null, string | null];

interface DateRangePickerProps {
  label: string;
  value: Draft;
  onChange(next: Draft): void;
  error?: string;
  width: number;
  /** Open the calendar once mounted: the user clicked the stand-in while this module loaded. */
  openOnMount: boolean;
  /** The range as text, as the stand-in and the rest of the app write it. */
  format(value: Draft): string;
}

/** The calendar picker of DateRangeFilter, in its own chunk with @mantine/dates and its stylesheet. */
export function DateRangePicker({ label, value, onChange, error, width, openOnMount, format }: DateRangePickerProps) {
  const { language } = useTranslation('common');
  const button = useRef<HTMLButtonElement>(null);
  const openNow = useRef(openOnMount);
  useEffect(() => {
    if (!openNow.current) return;
    openNow.current = false;
    button.current?.focus();
    button.current?.click();
  }, []);
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'da' ? 1 : 0 }}>
      <DatePickerInput
        ref={button}
        type="range"
        label={label}
        value={value}
        onChange={(next) => onChange([next[0] ?? null, next[1] ?? null])}
        allowSingleDateInRange
        maxDate={todayUtc()}
        valueFormatter={() => format(value)}
        error={error}
        w={width}
      />
    </DatesProvider>
  );
}
