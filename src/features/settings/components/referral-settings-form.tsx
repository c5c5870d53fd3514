import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { translate, useTranslation } from '../../../lib/i18n';
import { bpsToPercentInput, parsePercentToBps } from '../../../lib/money-input';
import { showToast } from '../../../lib/toast';
import { useAdminSettings, type AdminSettings } from '../api/get-admin-settings';
import { useUpdateAdminSettings, type SettingsPatch } from '../api/update-admin-settings';

// The publisher referral programme (issue 46): the share is typed in percent and stored in basis points
// (exactly: at most 2 decimals, 1 bp = 0.01 %); 0 % turns the programme off.

const MAX_MONTHS = 120;

const formSchema = z
  .object({ share_percent: z.string(), months: z.string() })
  .superRefine((v, ctx) => {
    const bps = parsePercentToBps(v.share_percent);
    if (bps === null || bps > 10_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['share_percent'],
        message: translate('referrals', 'settings.badShare'),
      });
    }
    const months = v.months.trim();
    if (!/^\d+$/.test(months) || +months < 1 || +months > MAX_MONTHS) {
      ctx.addIssue({
        code: 'custom',
        path: ['months'],
        message: translate('referrals', 'settings.badMonths', { max: MAX_MONTHS }),
      });
    }
  });
type FormValues = z.input<typeof formSchema>;

const toFormValues = (s: AdminSettings): FormValues => ({
  share_percent: bpsToPercentInput(s.referral_share_bps),
  months: String(s.referral_months),
});

/** What changed, in wire units; unchanged fields are not sent. */
export function referralPatch(values: FormValues, current: AdminSettings): SettingsPatch {
  const patch: SettingsPatch = {};
  const bps = parsePercentToBps(values.share_percent);
  if (bps !== null && bps !== current.referral_share_bps) patch.referral_share_bps = bps;
  const months = Number(values.months.trim());
  if (months !== current.referral_months) patch.referral_months = months;
  return patch;
}

const SERVER_FIELDS: Record<string, keyof FormValues> = {
  referral_share_bps: 'share_percent',
  referral_months: 'months',
};

/** The referral programme's settings for admins, with its own save button (the page's card gives the title). */
export function ReferralSettingsSection() {
  const { t } = useTranslation('referrals');
  const settings = useAdminSettings({ enabled: true });
  if (settings.isPending) return <Loader aria-label={t('settings.loading')} />;
  if (settings.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(settings.error, t('settings.loadFailed'))}
      </Alert>
    );
  }
  return <ReferralSettingsForm settings={settings.data} />;
}

export function ReferralSettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('referrals');
  const update = useUpdateAdminSettings();
  const form = useForm<FormValues>({
    initialValues: toFormValues(settings),
    validate: schemaResolver(formSchema, { sync: true }),
  });
  const on = (parsePercentToBps(form.values.share_percent) ?? 0) > 0;

  const submit = (values: FormValues) => {
    const patch = referralPatch(values, settings);
    if (Object.keys(patch).length === 0) {
      showToast({ title: t('settings.unchangedTitle'), message: t('settings.unchanged') });
      return;
    }
    update.mutate(patch, {
      onSuccess: (saved) => {
        form.setInitialValues(toFormValues(saved));
        form.setValues(toFormValues(saved));
        showToast({ title: t('settings.savedTitle'), message: t('settings.saved'), color: 'green' });
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

  return (
    <form noValidate onSubmit={form.onSubmit(submit)} aria-label={t('settings.title')}>
      <Stack maw={640}>
        {update.error && (
          <Alert color="red" variant="light" title={t('settings.notSaved')}>
            {errorMessage(update.error, t('settings.saveFailed'))}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('settings.share')}
            inputMode="decimal"
            description={t('settings.shareHelp')}
            {...form.getInputProps('share_percent')}
          />
          <TextInput
            label={t('settings.months')}
            inputMode="numeric"
            description={t('settings.monthsHelp', { max: MAX_MONTHS })}
            {...form.getInputProps('months')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {on ? t('settings.isOn') : t('settings.isOff')}
        </Text>
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
