import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import {
  FRAUD_THRESHOLD_FIELDS as FIELDS,
  checkThresholds,
  formatThreshold,
  parseThreshold,
  type FraudThresholdTexts,
} from '../../../lib/fraud-thresholds';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useFraudSettings } from '../api/get-fraud-settings';
import { useUpdateFraudSettings } from '../api/update-fraud-settings';
import type { FraudSettings, FraudSettingsPatch } from '../types';

// The platform's default fraud thresholds (admins): what a campaign uses where it sets none. Every field holds
// the value in force; emptying one puts it back to the built-in value.

const formSchema = z
  .record(z.string(), z.string())
  .superRefine((v, ctx) =>
    checkThresholds(v, (key, message) => ctx.addIssue({ code: 'custom', path: [key], message })),
  );

const toTexts = (s: FraudSettings) =>
  Object.fromEntries(FIELDS.map(({ key }) => [key, String(s.defaults[key])])) as FraudThresholdTexts;

function toPatch(v: Record<string, string>): FraudSettingsPatch {
  return Object.fromEntries(FIELDS.map(({ key }) => [key, parseThreshold(v[key] ?? '')]));
}

/** Loads the platform defaults, then the form. */
export function FraudSettingsSection() {
  const { t } = useTranslation('fraud');
  const settings = useFraudSettings();
  if (settings.isPending) return <Loader size="sm" aria-label={t('settings.loading')} />;
  if (settings.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessage(settings.error, t('settings.loadFailed'))}
      </Alert>
    );
  }
  return <FraudSettingsForm settings={settings.data} />;
}

function FraudSettingsForm({ settings }: { settings: FraudSettings }) {
  const { t } = useTranslation('fraud');
  const update = useUpdateFraudSettings();
  const form = useForm<FraudThresholdTexts>({
    initialValues: toTexts(settings),
    validate: schemaResolver(formSchema, { sync: true }),
  });

  const submit = (values: FraudThresholdTexts) => {
    update.mutate(toPatch(values), {
      onSuccess: (saved) => {
        form.setInitialValues(toTexts(saved));
        form.setValues(toTexts(saved));
        showToast({ title: t('settings.saved'), message: t('settings.savedHint'), color: 'green' });
      },
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)} aria-label={t('settings.title')}>
      <Stack maw={640} gap="sm">
        <Text size="sm" c="dimmed">
          {t('settings.intro')}
        </Text>
        {update.error && (
          <Alert color="red" variant="light" title={t('settings.notSaved')}>
            {errorMessage(update.error, t('settings.saveFailed'))}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map(({ key, decimal }) => (
            <TextInput
              key={key}
              label={t(`field.${key}`)}
              inputMode={decimal ? 'decimal' : 'numeric'}
              description={t('settings.builtIn', { value: formatThreshold(key, settings.built_in[key]) })}
              {...form.getInputProps(key)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
