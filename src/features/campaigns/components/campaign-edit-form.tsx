import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCallback, useId, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';
import { translate, useTranslation } from '../../../lib/i18n';
import type { CampaignInput } from '../api/campaign-input-schema';
import type { Campaign } from '../types';
import { checkTiersAndOverrides, inputToUnit, unitToInput } from '../utils/commission-rows';
import { isoToDateInput } from '../utils/format-commission';
import {
  CountriesSelect,
  OverridesFieldset,
  TiersFieldset,
  type CampaignEditSlots,
  type OverrideRow,
  type TierRow,
} from './campaign-edit-extras';
import {
  AttributionFieldsets,
  attributionFormFields,
  attributionInitialValues,
  checkAttribution,
  toAttributionInput,
} from './campaign-edit-attribution';
import { CapsFieldset, capsFormFields, capsInitialValues, checkCaps, toCapsInput } from './campaign-edit-caps';
import { CampaignFraudFields, fraudFormField, fraudInitialValues, toFraudInput } from './campaign-fraud-fields';
import {
  bpsToPercentInput,
  minorToMajorInput,
  parseMajorToMinor,
  parsePercentToBps,
} from '../../../lib/money-input';
import {
  APPROVAL_MODES,
  CAMPAIGN_LIMITS,
  CAMPAIGN_STATUSES,
  COMMISSION_MODELS,
} from '../../../../contracts/campaigns';
import { CATEGORIES as CAMPAIGN_CATEGORIES } from '../../../../contracts/categories';
import { DateField } from '../../../components/date-field';

// Money is typed in major units as text and converted exactly (see src/lib/money-input.ts).
const formSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => translate('campaigns', 'form.nameRequired') })
      .max(CAMPAIGN_LIMITS.nameLength),
    description: z.string().max(CAMPAIGN_LIMITS.descriptionLength),
    category: z.enum(CAMPAIGN_CATEGORIES, { error: () => translate('campaigns', 'form.pickCategory') }),
    status: z.enum(CAMPAIGN_STATUSES),
    landing_url: z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/, error: () => translate('campaigns', 'form.badUrl') })),
    currency: z.enum(SUPPORTED_CURRENCIES),
    commission_model: z.enum(COMMISSION_MODELS),
    payout: z.string(),
    revshare_percent: z.string(),
    approval_mode: z.enum(APPROVAL_MODES),
    attribution_days: z
      .number({ error: () => translate('campaigns', 'form.days') })
      .int()
      .min(1)
      .max(CAMPAIGN_LIMITS.maxAttributionDays),
    budget: z.string(),
    daily_cap: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    terms: z.string().max(CAMPAIGN_LIMITS.termsLength),
    pixel_enabled: z.boolean(),
    max_order: z.string(),
    tiers: z.array(
      z.object({ min_conversions_in_month: z.union([z.number(), z.string()]), amount: z.string() }),
    ),
    publisher_overrides: z.array(
      z.object({ publisher_id: z.string(), publisher_label: z.string(), amount: z.string() }),
    ),
    allowed_countries: z.array(z.string()),
    creative_ids: z.array(z.string()),
    ...attributionFormFields,
    ...capsFormFields,
    fraud: fraudFormField,
  })
  .superRefine((v, ctx) => {
    checkAttribution(v, (path, message) => ctx.addIssue({ code: 'custom', path: [path], message }));
    checkCaps(v, (path, message) => ctx.addIssue({ code: 'custom', path: [path], message }));
    checkTiersAndOverrides(
      v,
      v.commission_model === 'revshare' ? translate('campaigns', 'form.percent') : amountMessage(v.currency),
      (path, message) => ctx.addIssue({ code: 'custom', path, message }),
    );
    if (v.commission_model === 'revshare') {
      const bps = parsePercentToBps(v.revshare_percent);
      if (bps === null || bps < CAMPAIGN_LIMITS.minRevshareBps || bps > CAMPAIGN_LIMITS.maxRevshareBps) {
        ctx.addIssue({
          code: 'custom',
          path: ['revshare_percent'],
          message: translate('campaigns', 'form.percent'),
        });
      }
    } else {
      const minor = parseMajorToMinor(v.payout, v.currency);
      if (minor === null || minor <= 0) {
        ctx.addIssue({ code: 'custom', path: ['payout'], message: amountMessage(v.currency) });
      }
    }
    if (v.budget.trim() !== '') {
      const minor = parseMajorToMinor(v.budget, v.currency);
      if (minor === null || minor <= 0) {
        ctx.addIssue({ code: 'custom', path: ['budget'], message: amountMessage(v.currency) });
      }
    }
    if (v.daily_cap.trim() !== '') {
      const minor = parseMajorToMinor(v.daily_cap, v.currency);
      if (minor === null || minor <= 0) {
        ctx.addIssue({ code: 'custom', path: ['daily_cap'], message: amountMessage(v.currency) });
      }
    }
    if (v.max_order.trim() !== '') {
      const minor = parseMajorToMinor(v.max_order, v.currency);
      if (minor === null || minor <= 0) {
        ctx.addIssue({ code: 'custom', path: ['max_order'], message: amountMessage(v.currency) });
      }
    }
    if (v.starts_at && v.ends_at && v.ends_at <= v.starts_at) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: translate('campaigns', 'form.endAfterStart'),
      });
    }
  });
type FormValues = z.input<typeof formSchema>;

function amountMessage(currency: string) {
  return currency === 'JPY'
    ? translate('campaigns', 'form.amountJpy')
    : translate('campaigns', 'form.amount');
}

function initialValues(campaign?: Campaign): FormValues {
  const currency = campaign?.currency ?? 'USD';
  return {
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    category: (campaign?.category ?? 'other') as FormValues['category'],
    status: campaign?.status ?? 'draft',
    landing_url: campaign?.landing_url ?? '',
    currency: currency as FormValues['currency'],
    commission_model: campaign?.commission_model ?? 'cpa',
    payout: minorToMajorInput(campaign?.payout_minor, currency),
    revshare_percent: bpsToPercentInput(campaign?.revshare_bps),
    approval_mode: campaign?.approval_mode ?? 'manual',
    attribution_days: campaign?.attribution_days ?? 30,
    budget: minorToMajorInput(campaign?.budget_minor, currency),
    daily_cap: minorToMajorInput(campaign?.daily_cap_minor, currency),
    starts_at: isoToDateInput(campaign?.starts_at),
    ends_at: isoToDateInput(campaign?.ends_at),
    terms: campaign?.terms ?? '',
    pixel_enabled: campaign?.pixel_enabled ?? false,
    max_order: minorToMajorInput(campaign?.max_order_minor, currency),
    tiers: (campaign?.tiers ?? []).map((t): TierRow => ({
      min_conversions_in_month: t.min_conversions_in_month,
      amount: unitToInput(t, campaign?.commission_model, currency),
    })),
    publisher_overrides: (campaign?.publisher_overrides ?? []).map((o): OverrideRow => ({
      publisher_id: o.publisher_id,
      publisher_label: '',
      amount: unitToInput(o, campaign?.commission_model, currency),
    })),
    allowed_countries: campaign?.allowed_countries ?? [],
    creative_ids: campaign?.creative_ids ?? [],
    ...attributionInitialValues(campaign),
    ...capsInitialValues(campaign),
    fraud: fraudInitialValues(campaign),
  };
}

/** Dates are whole days; they start at midnight UTC. */
const dateToIso = (date: string) => (date ? `${date}T00:00:00.000Z` : null);

export function toCampaignInput(v: FormValues): CampaignInput {
  const revshare = v.commission_model === 'revshare';
  return {
    name: v.name.trim(),
    description: v.description,
    category: v.category,
    status: v.status,
    landing_url: v.landing_url.trim(),
    currency: v.currency,
    commission_model: v.commission_model,
    payout_minor: revshare ? null : parseMajorToMinor(v.payout, v.currency),
    revshare_bps: revshare ? parsePercentToBps(v.revshare_percent) : null,
    approval_mode: v.approval_mode,
    attribution_days: v.attribution_days,
    budget_minor: v.budget.trim() === '' ? null : parseMajorToMinor(v.budget, v.currency),
    daily_cap_minor: v.daily_cap.trim() === '' ? null : parseMajorToMinor(v.daily_cap, v.currency),
    starts_at: dateToIso(v.starts_at),
    ends_at: dateToIso(v.ends_at),
    terms: v.terms,
    pixel_enabled: v.pixel_enabled,
    max_order_minor: v.max_order.trim() === '' ? null : parseMajorToMinor(v.max_order, v.currency),
    tiers: v.tiers
      .map((t) => ({
        min_conversions_in_month: Number(t.min_conversions_in_month),
        ...inputToUnit(t.amount, revshare, v.currency),
      }))
      .sort((a, b) => a.min_conversions_in_month - b.min_conversions_in_month),
    publisher_overrides: v.publisher_overrides.map((o) => ({
      publisher_id: o.publisher_id,
      ...inputToUnit(o.amount, revshare, v.currency),
    })),
    allowed_countries: v.allowed_countries,
    creative_ids: v.creative_ids,
    ...toAttributionInput(v),
    ...toCapsInput(v),
    fraud: toFraudInput(v.fraud),
  };
}

const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  values.map((value) => ({ value, label: label(value) }));

interface CampaignEditFormProps {
  /** Absent: create mode. */
  campaign?: Campaign;
  onSubmit(input: CampaignInput): Promise<unknown>;
  onCancel?(): void;
  onSaved?(): void;
  /** creatives picker and publisher search, composed by the app */
  slots?: CampaignEditSlots;
}

export function CampaignEditForm({
  campaign,
  onSubmit,
  onCancel,
  onSaved,
  slots = {},
}: CampaignEditFormProps) {
  const { t } = useTranslation('campaigns');
  const form = useForm<FormValues>({
    initialValues: initialValues(campaign),
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const pixelHelpId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { values } = form;
  const revshare = values.commission_model === 'revshare';
  const statuses = campaign ? CAMPAIGN_STATUSES : CAMPAIGN_STATUSES.filter((s) => s !== 'ended');
  const { setFieldValue } = form;
  const setCountries = useCallback(
    (codes: string[]) => setFieldValue('allowed_countries', codes),
    [setFieldValue],
  );

  const submit = async (submitted: FormValues) => {
    setSaving(true);
    setError(null);
    try {
      await onSubmit(toCampaignInput(submitted));
      onSaved?.();
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (v) => void submit(v),
        // The Save button is at the end of a long dialog: take the person to the first field to fix.
        (errors) => {
          const first = Object.keys(errors).find((path) => Boolean(errors[path]));
          if (first) form.getInputNode(first)?.focus();
        },
      )}
    >
      <Stack>
        {error !== null && (
          <Alert color="red" variant="light" title={t('form.notSaved')}>
            {errorMessage(error, t('form.saveFailed'))}
          </Alert>
        )}
        <TextInput label={t('form.name')} required {...form.getInputProps('name')} />
        <Textarea label={t('form.description')} autosize minRows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('form.category')}
            data={options(CAMPAIGN_CATEGORIES, (c) => t(`category.${c}`))}
            {...form.getInputProps('category')}
          />
          <NativeSelect
            label={t('form.status')}
            data={options(statuses, (s) => t(`status.${s}`))}
            {...form.getInputProps('status')}
          />
        </SimpleGrid>
        <TextInput
          label={t('form.landingUrl')}
          type="url"
          required
          placeholder="https://shop.example.com/offer"
          {...form.getInputProps('landing_url')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('form.currency')}
            data={[...SUPPORTED_CURRENCIES]}
            {...form.getInputProps('currency')}
          />
          <NativeSelect
            label={t('form.model')}
            data={options(COMMISSION_MODELS, (m) => t(`model.${m}`))}
            {...form.getInputProps('commission_model')}
          />
        </SimpleGrid>
        {revshare ? (
          <TextInput
            label={t('form.revshare')}
            inputMode="decimal"
            description={t('form.revshareHelp')}
            {...form.getInputProps('revshare_percent')}
          />
        ) : (
          <TextInput
            label={t('form.payout')}
            inputMode="decimal"
            description={
              values.commission_model === 'cpc'
                ? t('form.payoutHelp.cpc', { currency: values.currency })
                : values.commission_model === 'cpl'
                  ? t('form.payoutHelp.cpl', { currency: values.currency })
                  : t('form.payoutHelp.cpa', { currency: values.currency })
            }
            {...form.getInputProps('payout')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('form.approval')}
            data={options(APPROVAL_MODES, (m) => t(`approval.${m}`))}
            {...form.getInputProps('approval_mode')}
          />
          <NumberInput
            label={t('form.attribution')}
            min={1}
            max={365}
            allowDecimal={false}
            {...form.getInputProps('attribution_days')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('form.budget')}
            inputMode="decimal"
            description={t('form.budgetHelp', { currency: values.currency })}
            {...form.getInputProps('budget')}
          />
          <TextInput
            label={t('form.dailyCap')}
            inputMode="decimal"
            description={t('form.dailyCapHelp', { currency: values.currency })}
            {...form.getInputProps('daily_cap')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            label={t('form.start')}
            value={values.starts_at}
            error={form.errors.starts_at as string | undefined}
            onChange={(day) => form.setFieldValue('starts_at', day)}
          />
          <DateField
            label={t('form.end')}
            value={values.ends_at}
            error={form.errors.ends_at as string | undefined}
            onChange={(day) => form.setFieldValue('ends_at', day)}
          />
        </SimpleGrid>
        <CountriesSelect
          value={values.allowed_countries}
          error={form.errors.allowed_countries}
          onChange={setCountries}
        />
        <Textarea label={t('form.terms')} autosize minRows={2} {...form.getInputProps('terms')} />
        {slots.creatives && (
          <Fieldset legend={t('form.creatives')} variant="unstyled">
            {slots.creatives({
              value: values.creative_ids,
              onChange: (ids) => form.setFieldValue('creative_ids', ids),
            })}
          </Fieldset>
        )}
        <TiersFieldset form={form} values={values} />
        <OverridesFieldset form={form} values={values} slots={slots} />
        <CapsFieldset form={form} values={values} />
        <AttributionFieldsets form={form} values={values} />
        <CampaignFraudFields form={form} />
        <Fieldset legend={t('form.pixel')} variant="unstyled">
          <Stack gap="sm">
            {/* The description stays outside the switch's label, which would otherwise read it as the name. */}
            <Stack gap={4}>
              <Switch
                label={t('form.pixelSwitch')}
                aria-describedby={pixelHelpId}
                {...form.getInputProps('pixel_enabled', { type: 'checkbox' })}
              />
              <Text id={pixelHelpId} size="xs" c="dimmed">
                {t('form.pixelHelp')}
              </Text>
            </Stack>
            <TextInput
              label={t('form.maxOrder')}
              inputMode="decimal"
              description={
                revshare
                  ? t('form.maxOrderRevshare', { currency: values.currency })
                  : t('form.maxOrderHelp', { currency: values.currency })
              }
              {...form.getInputProps('max_order')}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
