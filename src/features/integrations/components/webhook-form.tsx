import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  INTEGRATION_LIMITS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../../../../contracts/integrations';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useCreateWebhook } from '../api/webhooks';
import type { Webhook } from '../types';
import { EventCheckboxes } from './event-checkboxes';
import { useTranslation } from '../../../lib/i18n';

interface FormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** URL, description and events of a new endpoint; hands the created endpoint (with its secret) up. */
export function WebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated(created: Webhook): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('integrations');
  const create = useCreateWebhook();
  const form = useForm<FormValues>({
    initialValues: { url: '', description: '', events: ['conversion.created'] },
    validate: {
      url: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? null : t('form.badUrl')),
      events: (v) => (v.length > 0 ? null : t('webhook.pickOne')),
    },
  });

  const submit = form.onSubmit((values) =>
    create.mutate(
      { ...values, url: values.url.trim(), description: values.description.trim() },
      {
        onSuccess: (created) => {
          form.reset();
          onCreated(created);
        },
        onError: (error) => form.setErrors(serverFieldErrors(error)),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('webhook.addLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('webhook.url')}
          placeholder="https://example.com/hooks/affilio"
          required
          type="url"
          maxLength={INTEGRATION_LIMITS.urlLength}
          {...form.getInputProps('url')}
        />
        <Textarea
          label={t('webhook.description')}
          autosize
          minRows={1}
          maxLength={INTEGRATION_LIMITS.descriptionLength}
          {...form.getInputProps('description')}
        />
        <EventCheckboxes
          label={t('webhook.events')}
          options={WEBHOOK_EVENT_TYPES}
          value={form.values.events}
          error={form.errors.events as string | undefined}
          onChange={(events) => form.setFieldValue('events', events)}
        />
        {create.isError && Object.keys(serverFieldErrors(create.error)).length === 0 && (
          <Alert color="red" variant="light" title={t('webhook.notAdded')}>
            {errorMessage(create.error, t('form.checkConnection'))}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={create.isPending}>
            {t('webhook.add')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
