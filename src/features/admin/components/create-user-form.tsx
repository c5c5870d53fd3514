import { Alert, Button, Group, NativeSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage } from '../../../lib/api-client';
import { createUserInputSchema, useCreateUser, type CreateUserInput } from '../api/create-user';
import { useTranslation } from '../../../lib/i18n';
import type { AdminUser, Role } from '../types';
import { serverFieldErrors } from '../../../lib/field-errors';
import { ROLES } from '../../../../contracts/users';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/passwords';

interface CreateUserFormProps {
  defaultRole?: Role;
  /** invited: no password was set, so the server e-mailed a set-password link */
  onCreated(user: AdminUser, invited: boolean): void;
  onCancel(): void;
}

/** createUser: any role; without a password the new user gets an invite e-mail. */
export function CreateUserForm({ defaultRole = 'advertiser', onCreated, onCancel }: CreateUserFormProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
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
          <Alert color="red" variant="light" title={t('create.failedTitle')}>
            {errorMessage(create.error, t('create.failed'))}
          </Alert>
        )}
        <TextInput
          label={t('create.email')}
          type="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <TextInput label={t('create.name')} required {...form.getInputProps('name')} />
        <NativeSelect
          label={t('create.role')}
          data={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
          {...form.getInputProps('role')}
        />
        <PasswordInput
          label={t('create.password')}
          autoComplete="new-password"
          description={t('create.passwordHint', { count: PASSWORD_MIN_LENGTH })}
          {...form.getInputProps('password')}
        />
        <Text size="sm" c="dimmed">
          {invites ? t('create.invites') : t('create.noInvite')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {invites ? t('create.submitInvite') : t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
