import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  INTEGRATION_LIMITS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../../../../contracts/integrations';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { useTranslation } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { useSaveWebhook, type WebhookInput } from '../api/webhooks';
import type { Webhook } from '../types';
import { changedFields } from './changed-fields';
import { EventCheckboxes } from './event-checkboxes';
import { useTargetUrlCheck } from './target-url-check';

interface FormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/**
 * URL, description and events of a new endpoint, or of `webhook` when editing it; hands the saved endpoint
 * (a new one with its secret) up. A refused save keeps the form and shows the server's reason.
 */
export function WebhookForm({
  webhook,
  onSaved,
  onCancel,
}: {
  webhook?: Webhook;
  onSaved(saved: Webhook): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('integrations');
  const save = useSaveWebhook();
  const checkUrl = useTargetUrlCheck();
  const form = useForm<FormValues>({
    initialValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      events: (webhook?.events as WebhookEventType[] | undefined) ?? ['conversion.created'],
    },
    validate: {
      url: checkUrl,
      events: (v) => (v.length > 0 ? null : t('webhook.pickOne')),
    },
  });

  const handlers = {
    onSuccess: (saved: Webhook) => {
      if (webhook) showSuccess(t('webhook.saved'), saved.url);
      form.reset();
      onSaved(saved);
    },
    onError: (error: unknown) => form.setErrors(serverFieldErrors(error)),
  };
  const submit = form.onSubmit((values) => {
    const input = { ...values, url: values.url.trim(), description: values.description.trim() };
    if (!webhook) return save.mutate(input, handlers);
    const changes = changedFields<WebhookInput>(form.getInitialValues(), input);
    if (Object.keys(changes).length === 0) return onSaved(webhook);
    save.mutate({ ...changes, id: webhook.id }, handlers);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={webhook ? t('webhook.editLabel') : t('webhook.addLabel')}>
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
        {save.isError && Object.keys(serverFieldErrors(save.error)).length === 0 && (
          <Alert color="red" variant="light" title={webhook ? t('webhook.notSaved') : t('webhook.notAdded')}>
            {errorMessage(save.error, t('form.checkConnection'))}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {webhook ? t('webhook.save') : t('webhook.add')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
