import {
  Alert,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { API_KEY_LIMITS, API_KEY_RESOURCES } from '../../../../contracts/api-keys';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { createApiKeyInput, useCreateApiKey, type CreateApiKeyInput } from '../api/create-api-key';
import type { CreatedApiKey } from '../types';
import { useTranslation } from '../../../lib/i18n';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_DAYS = ['30', '90', '365'] as const;

/** The chosen expiry as the server takes it: an ISO time that many days from now, or none. */
const expiryFrom = (choice: string | null): string | null =>
  choice && choice !== 'never' ? new Date(Date.now() + Number(choice) * DAY_MS).toISOString() : null;

interface FormValues extends Omit<CreateApiKeyInput, 'expires_at'> {
  expiry: string;
}

/** Name, scope, optional resources and expiry of a new key; hands the created key (with its secret) up. */
export function CreateApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated(created: CreatedApiKey): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('api-keys');
  const create = useCreateApiKey();
  const resourceOptions = API_KEY_RESOURCES.map((value) => ({ value, label: t(`resource.${value}`) }));
  const expiryOptions = [
    { value: 'never', label: t('never') },
    ...EXPIRY_DAYS.map((days) => ({ value: days, label: t(`form.expiry.${days}`) })),
  ];
  const form = useForm<FormValues>({
    initialValues: { name: '', scope: 'read', resources: [], expiry: '90' },
    // the expiry is a choice of presets, always valid: the rest is checked like the server does
    validate: (values) => schemaResolver(createApiKeyInput, { sync: true })({ ...values, expires_at: null }),
  });

  const submit = form.onSubmit((values) => {
    const { expiry, ...rest } = values;
    create.mutate(
      { ...rest, name: rest.name.trim(), expires_at: expiryFrom(expiry) },
      {
        onSuccess: (created) => {
          form.reset();
          onCreated(created);
        },
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Stack gap="sm">
        <TextInput
          label={t('form.name')}
          description={t('form.nameHint')}
          required
          maxLength={API_KEY_LIMITS.nameLength}
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="api-key-scope-label">
            {t('form.scope')}
          </Text>
          <SegmentedControl
            aria-labelledby="api-key-scope-label"
            data={[
              { value: 'read', label: t('form.scopeRead') },
              { value: 'full', label: t('scope.full') },
            ]}
            {...form.getInputProps('scope')}
          />
        </Stack>
        <MultiSelect
          label={t('form.resources')}
          description={t('form.resourcesHint')}
          placeholder={t('resources.all')}
          data={resourceOptions}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('resources')}
        />
        <Select
          label={t('list.expires')}
          data={expiryOptions}
          allowDeselect={false}
          {...form.getInputProps('expiry')}
        />
        {create.isError && Object.keys(serverFieldErrors(create.error)).length === 0 && (
          <Alert color="red" variant="light" title={t('form.notCreated')}>
            {errorMessage(create.error, t('form.error'))}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={create.isPending}>
            {t('form.create')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
