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
  const create = useCreateWebhook();
  const form = useForm<FormValues>({
    initialValues: { url: '', description: '', events: ['conversion.created'] },
    validate: {
      url: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? null : 'Enter an http(s) URL'),
      events: (v) => (v.length > 0 ? null : 'Pick at least one event'),
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
    <form onSubmit={submit} noValidate aria-label="Add a webhook endpoint">
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/hooks/affilio"
          required
          type="url"
          maxLength={INTEGRATION_LIMITS.urlLength}
          {...form.getInputProps('url')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={1}
          maxLength={INTEGRATION_LIMITS.descriptionLength}
          {...form.getInputProps('description')}
        />
        <EventCheckboxes
          label="Events"
          options={WEBHOOK_EVENT_TYPES}
          value={form.values.events}
          error={form.errors.events as string | undefined}
          onChange={(events) => form.setFieldValue('events', events)}
        />
        {create.isError && Object.keys(serverFieldErrors(create.error)).length === 0 && (
          <Alert color="red" variant="light" title="The endpoint was not added">
            {errorMessage(create.error, 'Check your connection and try again.')}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
