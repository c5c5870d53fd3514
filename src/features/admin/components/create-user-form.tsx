import { Alert, Button, Group, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage } from '../../../lib/api-client';
import { createUserInputSchema, useCreateUser, type CreateUserInput } from '../api/create-user';
import { ROLE_LABELS, type AdminUser, type Role } from '../types';
import { serverFieldErrors } from '../../../lib/field-errors';
import { ROLES } from '../../../../contracts/users';

interface CreateUserFormProps {
  defaultRole?: Role;
  /** invited: no password was set, so the server e-mailed a set-password link */
  onCreated(user: AdminUser, invited: boolean): void;
  onCancel(): void;
}

/** createUser: any role; without a password the new user gets an invite e-mail. */
export function CreateUserForm({ defaultRole = 'advertiser', onCreated, onCancel }: CreateUserFormProps) {
  const create = useCreateUser();
  const form = useForm<CreateUserInput>({
    initialValues: { email: '', name: '', role: defaultRole, password: '' },
    validate: schemaResolver(createUserInputSchema, { sync: true }),
  });
  const invites = form.values.password === '';

  const submit = (values: CreateUserInput) =>
    create.mutate(values, {
      onSuccess: (user) => onCreated(user, values.password === ''),
      onError: (error) => form.setErrors(serverFieldErrors(error)),
    });

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        {create.error && (
          <Alert color="red" variant="light" title="The user was not created">
            {errorMessage(create.error, 'Creating the user failed. Please try again.')}
          </Alert>
        )}
        <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <NativeSelect
          label="Role"
          data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          {...form.getInputProps('role')}
        />
        <PasswordInput
          label="Password (optional)"
          autoComplete="new-password"
          description="At least 8 characters. Leave empty to send an invite instead."
          {...form.getInputProps('password')}
        />
        <Text size="sm" c="dimmed">
          {invites
            ? 'No password: we e-mail an invite with a link to set one (valid for 7 days).'
            : 'The user logs in with this password; no invite e-mail is sent.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {invites ? 'Create and send invite' : 'Create user'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
