import '@mantine/dates/styles.css';
import 'dayjs/locale/da';
import { DateInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation, type Language } from '../lib/i18n';

dayjs.extend(customParseFormat);

/**
 * How a day is written in the field and what a typed day may look like, per UI language: the month
 * in words ("1 Mar 2026", "1. mar. 2026") so no one reads 03/01 as January, and the numeric forms
 * people type. ISO ("2026-03-01") is always read too.
 */
const FORMATS: Record<Language, { show: string; typed: string[] }> = {
  en: { show: 'D MMM YYYY', typed: ['D MMM YYYY', 'D/M/YYYY', 'D.M.YYYY'] },
  da: { show: 'D. MMM YYYY', typed: ['D. MMM YYYY', 'D.M.YYYY', 'D/M/YYYY', 'D-M-YYYY'] },
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function parser(language: Language) {
  return (text: string): string | null => {
    const typed = text.trim();
    if (ISO_DAY.test(typed)) return dayjs(typed, 'YYYY-MM-DD', true).isValid() ? typed : null;
    const day = dayjs(typed, FORMATS[language].typed, language, true);
    return day.isValid() ? day.format('YYYY-MM-DD') : null;
  };
}

interface DateFieldProps {
  label: string;
  /** "YYYY-MM-DD", or '' for none */
  value: string;
  onChange(value: string): void;
  error?: string | null;
  w?: number;
}

/**
 * A day field in the app's language (a native date input follows the browser's): the calendar's
 * month and day names and the written day come from the UI language, weeks start on Monday in Danish.
 * Kept out of the initial JS: only lazily loaded screens import it.
 */
export function DateField({ label, value, onChange, error, w }: DateFieldProps) {
  const { t, language } = useTranslation('common');
  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'da' ? 1 : 0 }}>
      <DateInput
        label={label}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
        valueFormat={FORMATS[language].show}
        dateParser={parser(language)}
        error={error || undefined}
        clearable
        // the clear button is an icon: screen readers need its name (axe: button-name)
        clearButtonProps={{ 'aria-label': t('dateField.clear', { label }) }}
        w={w}
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
