import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { z } from 'zod';
import {
  FRAUD_LIMITS,
  type CampaignFraud,
  type FraudThresholds,
} from '../../../../contracts/fraud-schema';
import { lazyNumberFormat } from '../../../lib/format-number';
import { translate, useTranslation } from '../../../lib/i18n';
import { useFraudDefaults } from '../api/get-fraud-defaults';
import type { Campaign } from '../types';

// campaignEdit's fraud thresholds (issue 47): each optional, empty meaning the platform default, which shows as
// the placeholder. Typed as text and parsed here, so an empty field becomes null on the wire.

type Key = keyof FraudThresholds;

interface FieldSpec {
  key: Key;
  min: number;
  max: number;
  /** the cross-rate factor takes decimals; every other threshold is a whole number */
  decimal?: boolean;
}

const FIELDS: readonly FieldSpec[] = [
  { key: 'hold_score', min: 1, max: FRAUD_LIMITS.maxScore },
  { key: 'reject_score', min: 1, max: FRAUD_LIMITS.maxScore },
  { key: 'min_seconds_to_convert', min: 0, max: FRAUD_LIMITS.maxSecondsToConvert },
  { key: 'max_conversions_per_ip_day', min: 1, max: FRAUD_LIMITS.maxConversionsPerIpDay },
  { key: 'max_clicks_per_ip_minute', min: 1, max: FRAUD_LIMITS.maxClicksPerIpMinute },
  {
    key: 'cr_spike_factor',
    min: FRAUD_LIMITS.minCrSpikeFactor,
    max: FRAUD_LIMITS.maxCrSpikeFactor,
    decimal: true,
  },
];

export type FraudFormValues = Record<Key, string>;

/** The text of one field as a number; null when empty, NaN when it is not a number. */
function parse(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The form's `fraud` value: each field in range, reject above hold when both are set. */
export const fraudFormField = z.record(z.string(), z.string()).superRefine((v, ctx) => {
  const t = (key: string, values?: Record<string, unknown>) => translate('fraud', key, values);
  for (const { key, min, max, decimal } of FIELDS) {
    const value = parse(v[key] ?? '');
    if (value === null) continue;
    if (Number.isNaN(value) || (!decimal && !Number.isInteger(value)) || value < min || value > max) {
      const message = decimal
        ? t('form.numberRange', { min, max })
        : t('form.wholeNumberRange', { min, max });
      ctx.addIssue({ code: 'custom', path: [key], message });
    }
  }
  const hold = parse(v.hold_score ?? '');
  const reject = parse(v.reject_score ?? '');
  if (hold !== null && reject !== null && !Number.isNaN(hold) && !Number.isNaN(reject) && reject <= hold) {
    ctx.addIssue({
      code: 'custom',
      path: ['reject_score'],
      message: t('form.rejectAboveHold', { hold }),
    });
  }
});

export function fraudInitialValues(campaign?: Campaign): FraudFormValues {
  const fraud = campaign?.fraud;
  return Object.fromEntries(
    FIELDS.map(({ key }) => [key, fraud?.[key] == null ? '' : String(fraud[key])]),
  ) as FraudFormValues;
}

/** The wire's `fraud`: every field, null where the platform default applies. */
export function toFraudInput(v: Record<string, string>): CampaignFraud {
  return Object.fromEntries(FIELDS.map(({ key }) => [key, parse(v[key] ?? '')])) as CampaignFraud;
}

const thresholdFormat = lazyNumberFormat({ maximumFractionDigits: 2 });

/** One threshold in words, with its unit: "3 s", "5 a day", "3×". */
export function formatThreshold(key: Key, value: number): string {
  const n = thresholdFormat().format(value);
  const t = (k: string, values?: Record<string, unknown>) => translate('fraud', k, values);
  if (key === 'min_seconds_to_convert') return t('unit.seconds', { value: n });
  if (key === 'max_conversions_per_ip_day') return t('unit.perDay', { value: n });
  if (key === 'max_clicks_per_ip_minute') return t('unit.perMinute', { value: n });
  if (key === 'cr_spike_factor') return t('unit.times', { value: n });
  return n;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FraudForm = UseFormReturnType<any>;

/** The fieldset: six optional thresholds, the platform default as each placeholder. */
export function CampaignFraudFields({ form }: { form: FraudForm }) {
  const { t } = useTranslation('fraud');
  const helpId = useId();
  const { data: defaults } = useFraudDefaults();
  return (
    <Fieldset legend={t('form.legend')} variant="unstyled" aria-describedby={helpId}>
      <Text id={helpId} size="xs" c="dimmed" mb="xs">
        {t('form.help')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map(({ key, decimal }) => (
          <TextInput
            key={key}
            label={t(`field.${key}`)}
            inputMode={decimal ? 'decimal' : 'numeric'}
            placeholder={
              defaults ? t('form.default', { value: formatThreshold(key, defaults[key]) }) : undefined
            }
            {...form.getInputProps(`fraud.${key}`)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

/** The campaign's own thresholds in words ("Hold score 60 · Minimum time to convert 5 s"), or the defaults. */
export function CampaignFraudSummary({ fraud }: { fraud: CampaignFraud }) {
  const { t } = useTranslation('fraud');
  const own = FIELDS.filter(({ key }) => fraud[key] !== null);
  if (own.length === 0) return <>{t('details.defaults')}</>;
  return (
    <>
      {own
        .map(({ key }) => `${t(`field.${key}`)} ${formatThreshold(key, fraud[key] as number)}`)
        .join(' · ')}
      {own.length < FIELDS.length && ` (${t('details.restDefault')})`}
    </>
  );
}
