import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FALLBACK_MESSAGES } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { validateNewPassword, validateRequired } from '../utils/validation';
import { FormError } from './form-error';

export function ChangePasswordForm() {
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { current_password: '', new_password: '' },
    validate: { current_password: validateRequired('Current password'), new_password: validateNewPassword },
  });

  const submit = (values: typeof form.values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset();
        showToast({ title: 'Password changed', message: 'Use your new password next time.', color: 'green' });
      },
    });

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <FormError error={update.error} fallback={FALLBACK_MESSAGES.updateProfile} />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          {...form.getInputProps('new_password')}
        />
        <Button type="submit" loading={update.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
