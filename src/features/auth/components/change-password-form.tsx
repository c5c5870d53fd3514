import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { FALLBACK_MESSAGES } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { usePasswordCheck } from '../hooks/use-password-check';
import { useAuthUser } from '../stores/auth-store';
import { validateNewPassword, validateRequired } from '../utils/validation';
import { FormError } from './form-error';

export function ChangePasswordForm() {
  const user = useAuthUser();
  const update = useUpdateProfile();
  const passwordCheck = usePasswordCheck();
  const form = useForm({
    initialValues: { current_password: '', new_password: '' },
    validate: { current_password: validateRequired('Current password'), new_password: validateNewPassword },
  });
  // The server scores the new password against the account's e-mail and name too.
  const userInputs = user ? [user.email, user.name] : [];

  const submit = async (values: typeof form.values) => {
    const weak = await passwordCheck.check(values.new_password, userInputs);
    if (weak) return form.setFieldError('new_password', weak);
    update.mutate(values, {
      onSuccess: (response) => {
        form.reset();
        showToast({
          title: 'Password changed',
          message: response.access_token
            ? 'Other devices have been signed out.'
            : 'Use your new password next time.',
          color: 'green',
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
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
        <PasswordStrengthMeter password={form.values.new_password} userInputs={userInputs} />
        <Button type="submit" loading={update.isPending || passwordCheck.checking}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
