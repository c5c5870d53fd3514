import { Fieldset, NativeSelect, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useId } from 'react';
import { z } from 'zod';
import { normalizeDeepLinkHost, RECURRING_LIMITS } from '../../../../contracts/deep-links';
import { CAMPAIGN_LIMITS } from '../../../../contracts/campaigns';
import {
  bpsToPercentInput,
  minorToMajorInput,
  parseMajorToMinor,
  parsePercentToBps,
} from '../../../lib/money-input';
import { translate, useTranslation } from '../../../lib/i18n';
import type { Campaign } from '../types';

// campaignEdit's deep-link hosts and recurring commissions (issue 46): the form fields, their checks and how
// they become the wire's `deep_link_hosts` and `recurring`.

export const attributionFormFields = {
  /** one host per line (or comma-separated); empty: the landing URL's host */
  deep_link_hosts: z.string(),
  recurring_on: z.boolean(),
  /** months after the first sale; empty: the customer's life */
  recurring_months: z.string(),
  recurring_kind: z.enum(['fixed', 'share']),
  recurring_amount: z.string(),
};

export interface AttributionValues {
  landing_url: string;
  commission_model: string;
  currency: string;
  deep_link_hosts: string;
  recurring_on: boolean;
  recurring_months: string;
  recurring_kind: 'fixed' | 'share';
  recurring_amount: string;
}

const hostsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((h) => h.trim())
    .filter(Boolean);

export function attributionInitialValues(campaign?: Campaign) {
  const currency = campaign?.currency ?? 'USD';
  const recurring = campaign?.recurring ?? null;
  const landingHost = campaign ? safeHost(campaign.landing_url) : null;
  const hosts = campaign?.deep_link_hosts ?? [];
  return {
    // the default (the landing URL's host alone) shows as an empty field
    deep_link_hosts: hosts.length === 1 && hosts[0] === landingHost ? '' : hosts.join('\n'),
    recurring_on: recurring !== null,
    recurring_months: recurring?.months != null ? String(recurring.months) : '',
    recurring_kind: (recurring?.revshare_bps !== undefined ? 'share' : 'fixed') as 'fixed' | 'share',
    recurring_amount:
      recurring?.revshare_bps !== undefined
        ? bpsToPercentInput(recurring.revshare_bps)
        : minorToMajorInput(recurring?.payout_minor, currency),
  };
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** The cross-field checks, reported on the fields they concern. */
export function checkAttribution(v: AttributionValues, addIssue: (path: string, message: string) => void) {
  const bad = hostsOf(v.deep_link_hosts).find((h) => normalizeDeepLinkHost(h) === null);
  const t = (key: string, values?: Record<string, unknown>) => translate('coupons', key, values);
  if (bad) addIssue('deep_link_hosts', t('form.badHost', { host: bad }));
  if (!v.recurring_on) return;
  if (v.commission_model !== 'cpa' && v.commission_model !== 'revshare') {
    addIssue('recurring_on', t('form.recurringModel'));
  }
  const months = v.recurring_months.trim();
  if (months !== '' && !(/^\d+$/.test(months) && +months >= 1 && +months <= RECURRING_LIMITS.maxMonths)) {
    addIssue('recurring_months', t('form.badMonths', { max: RECURRING_LIMITS.maxMonths }));
  }
  if (v.recurring_kind === 'share') {
    const bps = parsePercentToBps(v.recurring_amount);
    if (bps === null || bps < CAMPAIGN_LIMITS.minRevshareBps || bps > CAMPAIGN_LIMITS.maxRevshareBps) {
      addIssue('recurring_amount', t('form.badShare'));
    }
  } else {
    const minor = parseMajorToMinor(v.recurring_amount, v.currency);
    if (minor === null || minor <= 0) addIssue('recurring_amount', t('form.badAmount'));
  }
}

export function toAttributionInput(v: AttributionValues) {
  const months = v.recurring_months.trim();
  return {
    deep_link_hosts: hostsOf(v.deep_link_hosts).map((h) => normalizeDeepLinkHost(h) ?? h),
    recurring: v.recurring_on
      ? {
          months: months === '' ? null : Number(months),
          ...(v.recurring_kind === 'share'
            ? { revshare_bps: parsePercentToBps(v.recurring_amount) ?? 0 }
            : { payout_minor: parseMajorToMinor(v.recurring_amount, v.currency) ?? 0 }),
        }
      : null,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AttributionForm = UseFormReturnType<any>;

/** The deep-link hosts and the recurring commission fieldsets. */
export function AttributionFieldsets({ form, values }: { form: AttributionForm; values: AttributionValues }) {
  const { t } = useTranslation('coupons');
  const recurringHelpId = useId();
  const landingHost = safeHost(values.landing_url);
  return (
    <>
      <Fieldset legend={t('form.deepLinks')} variant="unstyled">
        <Textarea
          label={t('form.hosts')}
          autosize
          minRows={1}
          placeholder={landingHost ?? 'shop.example.com'}
          description={t('form.hostsHelp', { host: landingHost ?? t('form.landingHost') })}
          {...form.getInputProps('deep_link_hosts')}
        />
      </Fieldset>
      <Fieldset legend={t('form.recurring')} variant="unstyled">
        <Stack gap="sm">
          <Stack gap={4}>
            <Switch
              label={t('form.recurringOn')}
              aria-describedby={recurringHelpId}
              {...form.getInputProps('recurring_on', { type: 'checkbox' })}
            />
            <Text id={recurringHelpId} size="xs" c="dimmed">
              {t('form.recurringHelp')}
            </Text>
          </Stack>
          {values.recurring_on && (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('form.months')}
                inputMode="numeric"
                description={t('form.monthsHelp')}
                {...form.getInputProps('recurring_months')}
              />
              <NativeSelect
                label={t('form.pays')}
                data={[
                  { value: 'fixed', label: t('form.fixed', { currency: values.currency }) },
                  { value: 'share', label: t('form.share') },
                ]}
                {...form.getInputProps('recurring_kind')}
              />
              <TextInput
                label={
                  values.recurring_kind === 'share'
                    ? t('form.shareLabel')
                    : t('form.amountLabel', { currency: values.currency })
                }
                inputMode="decimal"
                {...form.getInputProps('recurring_amount')}
              />
            </SimpleGrid>
          )}
        </Stack>
      </Fieldset>
    </>
  );
}
