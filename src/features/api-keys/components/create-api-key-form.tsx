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
import { API_KEY_LIMITS, API_KEY_RESOURCE_LABELS, API_KEY_RESOURCES } from '../../../../contracts/api-keys';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/field-errors';
import { createApiKeyInput, useCreateApiKey, type CreateApiKeyInput } from '../api/create-api-key';
import type { CreatedApiKey } from '../types';

const RESOURCE_OPTIONS = API_KEY_RESOURCES.map((value) => ({ value, label: API_KEY_RESOURCE_LABELS[value] }));

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In 1 year' },
];

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
  const create = useCreateApiKey();
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
    <form onSubmit={submit} noValidate aria-label="Create an API key">
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="What uses the key, e.g. “Nightly report export”"
          required
          maxLength={API_KEY_LIMITS.nameLength}
          {...form.getInputProps('name')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="api-key-scope-label">
            Scope
          </Text>
          <SegmentedControl
            aria-labelledby="api-key-scope-label"
            data={[
              { value: 'read', label: 'Read only (GET)' },
              { value: 'full', label: 'Full access' },
            ]}
            {...form.getInputProps('scope')}
          />
        </Stack>
        <MultiSelect
          label="Limit to resources"
          description="Leave empty for everything your account may use"
          placeholder="All resources"
          data={RESOURCE_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('resources')}
        />
        <Select
          label="Expires"
          data={EXPIRY_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('expiry')}
        />
        {create.isError && Object.keys(serverFieldErrors(create.error)).length === 0 && (
          <Alert color="red" variant="light" title="The key was not created">
            {errorMessage(create.error, 'Creating the key failed. Check your connection and try again.')}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
