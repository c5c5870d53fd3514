import { Button, Group, InputBase } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { daysInRange, formatRange, lastDays, presetOf, RANGE_PRESETS, type DateRange } from '../lib/date-range';
import { useTranslation } from '../lib/i18n';
import { withMoreStyles } from '../lib/load-more-styles';
import type { Draft } from './date-range-picker';

/** The API refuses longer ranges (422). */
export const MAX_RANGE_DAYS = 366;

const PICKER_WIDTH = 260;

// The calendar (@mantine/dates, dayjs and their styles) loads when the user reaches for it, not with the
// page: until then a stand-in shows the same field with the same text.
const loadPicker = () => withMoreStyles(import('./date-range-picker'));
const DateRangePicker = lazy(() => loadPicker().then((m) => ({ default: m.DateRangePicker })));

/** The range as the picker shows it: as every other range is written (formatRange). */
const pickerText = ([from, to]: Draft) => (from ? formatRange({ from, to }) : '');

interface StandInProps {
  label: string;
  value: Draft;
  error?: string;
  onUse(open: boolean): void;
}

/** Looks like the closed picker; hovering or focusing it starts loading the picker, a click opens it. */
function PickerStandIn({ label, value, error, onUse }: StandInProps) {
  return (
    <InputBase
      component="button"
      type="button"
      label={label}
      error={error}
      pointer
      w={PICKER_WIDTH}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => void loadPicker()}
      onClick={() => onUse(true)}
    >
      {pickerText(value)}
    </InputBase>
  );
}

interface DateRangeFilterProps {
  value: DateRange;
  onChange(range: DateRange): void;
  /** Label of the picker; the preset group is named after it. */
  label?: string;
}

/** Last 7/30/90 days at one click, or any range up to a year in the picker (UTC days). */
export function DateRangeFilter({ value, onChange, label: givenLabel }: DateRangeFilterProps) {
  const { t } = useTranslation('common');
  const label = givenLabel ?? t('dateRange.label');
  // The picker holds a half-chosen range until its end is picked; the filter changes only then.
  const [draft, setDraft] = useState<Draft>([value.from, value.to]);
  const [shown, setShown] = useState(value);
  if (shown.from !== value.from || shown.to !== value.to) {
    setShown(value);
    setDraft([value.from, value.to]);
  }
  const [tooLong, setTooLong] = useState(false);
  // null: the stand-in is shown; else the picker, opened at once when the user clicked for it.
  const [picker, setPicker] = useState<{ open: boolean } | null>(null);
  const active = presetOf(value);
  const error = tooLong ? t('dateRange.tooLong', { days: MAX_RANGE_DAYS }) : undefined;

  const pick = (next: Draft) => {
    setDraft(next);
    const [from, to] = next;
    if (!from || !to) return;
    const range = { from, to };
    const long = daysInRange(range) > MAX_RANGE_DAYS;
    setTooLong(long);
    if (!long) onChange(range);
  };

  const standIn = (
    <PickerStandIn label={label} value={draft} error={error} onUse={(open) => setPicker({ open })} />
  );

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Group gap={4} role="group" aria-label={t('dateRange.presets', { label })}>
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
            {t('dateRange.lastDays', { days })}
          </Button>
        ))}
      </Group>
      {picker ? (
        <Suspense fallback={standIn}>
          <DateRangePicker
            label={label}
            value={draft}
            onChange={pick}
            error={error}
            width={PICKER_WIDTH}
            format={pickerText}
            openOnMount={picker.open}
          />
        </Suspense>
      ) : (
        standIn
      )}
    </Group>
  );
}
