import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { translate, useTranslation } from '../../../lib/i18n';
import { SUPPORTED_CURRENCIES } from '../../../../contracts/currencies';
import { useDisplayMoney, type DisplayMoney } from '../../../lib/display-money';
import { convertMinor } from '../../../lib/exchange-rates';
import { formatMoney } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useAdminSettings, type AdminSettings } from '../api/get-admin-settings';
import { useUpdateAdminSettings, type SettingsPatch } from '../api/update-admin-settings';
import { serverFieldErrors } from '../../../lib/field-errors';
import {
  bpsToPercentInput,
  minorToMajorInput,
  parseMajorToMinor,
  parsePercentToBps,
} from '../../../lib/money-input';
import { MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES, bytesToMbInput, parseMbToBytes } from '../utils/settings-units';

// Amounts are typed in major units / percent / MB as text and converted exactly (utils/settings-units).
const formSchema = z
  .object({
    default_currency: z.enum(SUPPORTED_CURRENCIES, {
      error: () => translate('settings', 'form.pickCurrency'),
    }),
    platform_fee: z.string(),
    min_payout: z.string(),
    hold_days: z
      .number({ error: () => translate('settings', 'form.days') })
      .int({ error: () => translate('settings', 'form.wholeDays') })
      .min(0, { error: () => translate('settings', 'form.daysRange') })
      .max(365, { error: () => translate('settings', 'form.daysRange') }),
    registration_requires_approval: z.boolean(),
    require_email_verification: z.boolean(),
    max_upload_mb: z.string(),
    rates_provider_url: z
      .string()
      .trim()
      .refine((url) => url === '' || z.url({ protocol: /^https?$/ }).safeParse(url).success, {
        error: () => translate('settings', 'form.url'),
      }),
  })
  .superRefine((v, ctx) => {
    const bps = parsePercentToBps(v.platform_fee);
    if (bps === null || bps > 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['platform_fee'],
        message: translate('settings', 'form.percent'),
      });
    }
    if (parseMajorToMinor(v.min_payout, v.default_currency) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['min_payout'],
        message:
          v.default_currency === 'JPY'
            ? translate('settings', 'form.amountJpy')
            : translate('settings', 'form.amount'),
      });
    }
    const bytes = parseMbToBytes(v.max_upload_mb);
    if (bytes === null || bytes < MIN_UPLOAD_BYTES || bytes > MAX_UPLOAD_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_upload_mb'],
        message: translate('settings', 'form.upload'),
      });
    }
  });
type FormValues = z.input<typeof formSchema>;

function toFormValues(s: AdminSettings): FormValues {
  return {
    default_currency: s.default_currency,
    platform_fee: bpsToPercentInput(s.platform_fee_bps),
    min_payout: minorToMajorInput(s.min_payout_minor, s.default_currency),
    hold_days: s.hold_days,
    registration_requires_approval: s.registration_requires_approval,
    require_email_verification: s.require_email_verification,
    max_upload_mb: bytesToMbInput(s.max_upload_bytes),
    rates_provider_url: s.rates_provider_url ?? '',
  };
}

/**
 * What changed, in wire units. Fields left as they were are not sent, so an unchanged field can never
 * be rewritten by a display rounding (e.g. an upload cap that is not a whole number of hundredths MB).
 */
export function settingsPatch(values: FormValues, current: AdminSettings): SettingsPatch {
  const initial = toFormValues(current);
  const patch: SettingsPatch = {};
  if (values.default_currency !== current.default_currency) patch.default_currency = values.default_currency;
  if (values.platform_fee !== initial.platform_fee) {
    patch.platform_fee_bps = parsePercentToBps(values.platform_fee) ?? undefined;
  }
  // The minimum payout is read in the default currency: a new currency re-reads the amount too.
  if (values.min_payout !== initial.min_payout || values.default_currency !== current.default_currency) {
    patch.min_payout_minor = parseMajorToMinor(values.min_payout, values.default_currency) ?? undefined;
  }
  if (values.hold_days !== current.hold_days) patch.hold_days = values.hold_days;
  if (values.registration_requires_approval !== current.registration_requires_approval) {
    patch.registration_requires_approval = values.registration_requires_approval;
  }
  if (values.require_email_verification !== current.require_email_verification) {
    patch.require_email_verification = values.require_email_verification;
  }
  if (values.max_upload_mb !== initial.max_upload_mb) {
    patch.max_upload_bytes = parseMbToBytes(values.max_upload_mb) ?? undefined;
  }
  const url = values.rates_provider_url.trim();
  if (url !== initial.rates_provider_url) patch.rates_provider_url = url === '' ? null : url;
  return patch;
}

const SERVER_FIELDS: Record<string, keyof FormValues> = {
  default_currency: 'default_currency',
  platform_fee_bps: 'platform_fee',
  min_payout_minor: 'min_payout',
  hold_days: 'hold_days',
  registration_requires_approval: 'registration_requires_approval',
  require_email_verification: 'require_email_verification',
  max_upload_bytes: 'max_upload_mb',
  rates_provider_url: 'rates_provider_url',
};

/** Platform settings for admins: loads them, then the editable form. */
export function AdminSettingsSection() {
  const { t } = useTranslation('settings');
  const settings = useAdminSettings({ enabled: true });
  if (settings.isPending) return <Loader aria-label={t('admin.loading')} />;
  if (settings.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(settings.error, t('admin.loadError'))}
      </Alert>
    );
  }
  return <AdminSettingsForm settings={settings.data} />;
}

/**
 * The minimum payout is an amount in the default currency: after picking another currency with the amount
 * left as it was, say what it was and what it comes to at today's rates (so "50" does not silently go
 * from dollars to yen).
 */
function minPayoutHint(
  values: FormValues,
  settings: AdminSettings,
  display: DisplayMoney | null,
): { text: string; converted: string | null } | null {
  const saved = settings.default_currency;
  if (values.default_currency === saved) return null;
  if (values.min_payout !== minorToMajorInput(settings.min_payout_minor, saved)) return null;
  const was = formatMoney(settings.min_payout_minor, saved);
  const minor = convertMinor(
    settings.min_payout_minor,
    saved,
    values.default_currency,
    display?.rates ?? null,
  );
  const currency = values.default_currency;
  if (minor === null)
    return { text: translate('settings', 'admin.payoutWas', { currency, was }), converted: null };
  const converted = minorToMajorInput(minor, values.default_currency);
  return {
    text: translate('settings', 'admin.payoutWasAbout', {
      currency,
      was,
      about: formatMoney(minor, currency),
    }),
    converted: converted === values.min_payout ? null : converted,
  };
}

export function AdminSettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('settings');
  const display = useDisplayMoney();
  const { t: tv } = useTranslation('verify');
  const update = useUpdateAdminSettings();
  const form = useForm<FormValues>({
    initialValues: toFormValues(settings),
    validate: schemaResolver(formSchema, { sync: true }),
  });

  const submit = (values: FormValues) => {
    const patch = settingsPatch(values, settings);
    if (Object.keys(patch).length === 0) {
      showToast({ title: t('admin.nothing'), message: t('admin.unchanged') });
      return;
    }
    update.mutate(patch, {
      onSuccess: (saved) => {
        form.setInitialValues(toFormValues(saved));
        form.setValues(toFormValues(saved));
        showToast({ title: t('admin.saved'), message: t('admin.savedText'), color: 'green' });
      },
      onError: (error) => {
        const errors = serverFieldErrors(error);
        form.setErrors(
          Object.fromEntries(
            Object.entries(errors).map(([field, message]) => [SERVER_FIELDS[field] ?? field, message]),
          ),
        );
      },
    });
  };

  const currency = form.values.default_currency;
  const payoutHint = minPayoutHint(form.values, settings, display);
  return (
    <form noValidate onSubmit={form.onSubmit(submit)} aria-label={t('admin.label')}>
      <Stack maw={640}>
        {update.error && (
          <Alert color="red" variant="light" title={t('admin.notSaved')}>
            {errorMessage(update.error, t('admin.failed'))}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('admin.currency')}
            description={t('admin.currencyHelp')}
            data={[...SUPPORTED_CURRENCIES]}
            {...form.getInputProps('default_currency')}
          />
          <TextInput
            label={t('admin.minPayout')}
            inputMode="decimal"
            description={
              payoutHint ? (
                <>
                  {payoutHint.text}
                  {payoutHint.converted !== null && (
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      ml={4}
                      onClick={() => form.setFieldValue('min_payout', payoutHint.converted ?? '')}
                    >
                      {t('admin.use', { amount: payoutHint.converted })}
                    </Anchor>
                  )}
                </>
              ) : (
                t('admin.minPayoutHelp', { currency, example: currency === 'JPY' ? '5000' : '50.00' })
              )
            }
            {...form.getInputProps('min_payout')}
          />
          <TextInput
            label={t('admin.fee')}
            inputMode="decimal"
            description={t('admin.feeHelp')}
            {...form.getInputProps('platform_fee')}
          />
          <NumberInput
            label={t('admin.hold')}
            description={t('admin.holdHelp')}
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            // Out-of-range input gets the validation message instead of a silent change.
            clampBehavior="none"
            {...form.getInputProps('hold_days')}
          />
          <TextInput
            label={t('admin.upload')}
            inputMode="decimal"
            description={t('admin.uploadHelp')}
            {...form.getInputProps('max_upload_mb')}
          />
          <TextInput
            label={t('admin.rates')}
            type="url"
            placeholder="https://…"
            description={t('admin.ratesHelp')}
            {...form.getInputProps('rates_provider_url')}
          />
        </SimpleGrid>
        <Switch
          label={t('admin.approval')}
          {...form.getInputProps('registration_requires_approval', { type: 'checkbox' })}
        />
        <Switch
          label={tv('settingLabel')}
          description={tv('settingDescription')}
          {...form.getInputProps('require_email_verification', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
