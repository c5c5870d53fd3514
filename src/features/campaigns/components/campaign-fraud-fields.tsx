import { Fieldset, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { z } from 'zod';
import type { CampaignFraud } from '../../../../contracts/fraud-schema';
import {
  FRAUD_THRESHOLD_FIELDS as FIELDS,
  checkThresholds,
  formatThreshold,
  parseThreshold,
  type FraudThresholdTexts,
} from '../../../lib/fraud-thresholds';
import { useTranslation } from '../../../lib/i18n';
import { useFraudDefaults } from '../api/get-fraud-defaults';
import type { Campaign } from '../types';

// campaignEdit's fraud thresholds (issue 47): each optional, empty meaning the platform default, which shows as
// the placeholder. Typed as text and parsed here, so an empty field becomes null on the wire.

/** The form's `fraud` value: each field empty or in range, reject above hold when both are set. */
export const fraudFormField = z
  .record(z.string(), z.string())
  .superRefine((v, ctx) =>
    checkThresholds(v, (key, message) => ctx.addIssue({ code: 'custom', path: [key], message })),
  );

export function fraudInitialValues(campaign?: Campaign): FraudThresholdTexts {
  const fraud = campaign?.fraud;
  return Object.fromEntries(
    FIELDS.map(({ key }) => [key, fraud?.[key] == null ? '' : String(fraud[key])]),
  ) as FraudThresholdTexts;
}

/** The wire's `fraud`: every field, null where the platform default applies. */
export function toFraudInput(v: Record<string, string>): CampaignFraud {
  return Object.fromEntries(FIELDS.map(({ key }) => [key, parseThreshold(v[key] ?? '')])) as CampaignFraud;
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
      {own.map(({ key }) => `${t(`field.${key}`)} ${formatThreshold(key, fraud[key] as number)}`).join(' · ')}
      {own.length < FIELDS.length && ` (${t('details.restDefault')})`}
    </>
  );
}
