import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import type { PublisherCaps } from '../../../../contracts/publisher-caps-schema';
import { useFormatMoney } from '../../../lib/display-money';
import { translate, useTranslation } from '../../../lib/i18n';
import { minorToMajorInput, parseMajorToMinor } from '../../../lib/money-input';
import type { Campaign } from '../types';

// campaignEdit's caps per publisher (issue 46): what one publisher may earn on the campaign per UTC day and
// month, as counts of conversions and as commission typed in the campaign's currency (sent in minor units).
// An empty field is no cap.

/** the largest cap the server takes */
const MAX_CAP = 1_000_000_000_000;

export const capsFormFields = {
  cap_daily_conversions: z.string(),
  cap_monthly_conversions: z.string(),
  cap_daily_commission: z.string(),
  cap_monthly_commission: z.string(),
};

export interface CapsValues {
  currency: string;
  cap_daily_conversions: string;
  cap_monthly_conversions: string;
  cap_daily_commission: string;
  cap_monthly_commission: string;
}

const countText = (n: number | null | undefined) => (n == null ? '' : String(n));

export function capsInitialValues(campaign?: Campaign) {
  const caps = campaign?.publisher_caps;
  const currency = campaign?.currency ?? 'USD';
  return {
    cap_daily_conversions: countText(caps?.daily_conversions),
    cap_monthly_conversions: countText(caps?.monthly_conversions),
    cap_daily_commission: minorToMajorInput(caps?.daily_commission_minor, currency),
    cap_monthly_commission: minorToMajorInput(caps?.monthly_commission_minor, currency),
  };
}

/** A whole number of conversions from 1 up; null for anything else. */
function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= 1 && n <= MAX_CAP ? n : null;
}

function parseMoneyCap(text: string, currency: string): number | null {
  const minor = parseMajorToMinor(text, currency);
  return minor !== null && minor > 0 && minor <= MAX_CAP ? minor : null;
}

const COUNT_FIELDS = ['cap_daily_conversions', 'cap_monthly_conversions'] as const;
const MONEY_FIELDS = ['cap_daily_commission', 'cap_monthly_commission'] as const;

/** Each filled-in cap must be a positive whole count or a positive amount in the currency's decimals. */
export function checkCaps(v: CapsValues, addIssue: (path: string, message: string) => void) {
  for (const field of COUNT_FIELDS) {
    if (v[field].trim() !== '' && parseCount(v[field]) === null) {
      addIssue(field, translate('caps', 'form.badCount'));
    }
  }
  for (const field of MONEY_FIELDS) {
    if (v[field].trim() !== '' && parseMoneyCap(v[field], v.currency) === null) {
      addIssue(
        field,
        v.currency === 'JPY'
          ? translate('caps', 'form.badAmountJpy')
          : translate('caps', 'form.badAmount', { currency: v.currency }),
      );
    }
  }
}

/** The wire's `publisher_caps`: all four, null where there is no cap (the server stores none when all are). */
export function toCapsInput(v: CapsValues): { publisher_caps: PublisherCaps } {
  const orNull = (text: string, parse: (s: string) => number | null) =>
    text.trim() === '' ? null : parse(text);
  const caps: PublisherCaps = {
    daily_conversions: orNull(v.cap_daily_conversions, parseCount),
    monthly_conversions: orNull(v.cap_monthly_conversions, parseCount),
    daily_commission_minor: orNull(v.cap_daily_commission, (s) => parseMoneyCap(s, v.currency)),
    monthly_commission_minor: orNull(v.cap_monthly_commission, (s) => parseMoneyCap(s, v.currency)),
  };
  return { publisher_caps: caps };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CapsForm = UseFormReturnType<any>;

/** The four caps per publisher, two per row from a tablet up, one per row on a phone. */
export function CapsFieldset({ form, values }: { form: CapsForm; values: CapsValues }) {
  const { t } = useTranslation('caps');
  return (
    <Fieldset legend={t('form.legend')} variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('form.help')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('form.dailyConversions')}
            inputMode="numeric"
            placeholder={t('form.noCap')}
            {...form.getInputProps('cap_daily_conversions')}
          />
          <TextInput
            label={t('form.monthlyConversions')}
            inputMode="numeric"
            placeholder={t('form.noCap')}
            {...form.getInputProps('cap_monthly_conversions')}
          />
          <TextInput
            label={t('form.dailyCommission', { currency: values.currency })}
            inputMode="decimal"
            placeholder={t('form.noCap')}
            {...form.getInputProps('cap_daily_commission')}
          />
          <TextInput
            label={t('form.monthlyCommission', { currency: values.currency })}
            inputMode="decimal"
            placeholder={t('form.noCap')}
            {...form.getInputProps('cap_monthly_commission')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** The caps as one line for the campaign's details, e.g. "5 conversions a day; $400.00 a month"; null: none. */
export function CapsSummary({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('caps');
  const money = useFormatMoney();
  const caps = campaign.publisher_caps;
  if (!caps) return null;
  const parts = [
    caps.daily_conversions != null && t('details.dailyConversions', { count: caps.daily_conversions }),
    caps.monthly_conversions != null && t('details.monthlyConversions', { count: caps.monthly_conversions }),
    caps.daily_commission_minor != null &&
      t('details.dailyCommission', { amount: money(caps.daily_commission_minor, campaign.currency) }),
    caps.monthly_commission_minor != null &&
      t('details.monthlyCommission', { amount: money(caps.monthly_commission_minor, campaign.currency) }),
  ].filter((p): p is string => typeof p === 'string');
  return <>{parts.length > 0 ? parts.join('; ') : t('details.none')}</>;
}
