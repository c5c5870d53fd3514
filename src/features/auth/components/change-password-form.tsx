import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { usePasswordCheck } from '../hooks/use-password-check';
import { useAuthUser } from '../stores/auth-store';
import { validateNewPassword, validateRequired } from '../utils/validation';
import { FormError } from './form-error';

export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const user = useAuthUser();
  const update = useUpdateProfile();
  const passwordCheck = usePasswordCheck();
  const form = useForm({
    initialValues: { current_password: '', new_password: '' },
    validate: {
      current_password: validateRequired(t('field.currentPassword')),
      new_password: validateNewPassword,
    },
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
          title: t('password.changed'),
          message: response.access_token ? t('password.othersSignedOut') : t('password.useNext'),
          color: 'green',
        });
      },
    });
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack>
        <FormError error={update.error} fallback={t('fallback.updateProfile')} />
        <PasswordInput
          label={t('field.currentPassword')}
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label={t('field.newPassword')}
          autoComplete="new-password"
          {...form.getInputProps('new_password')}
        />
        <PasswordStrengthMeter password={form.values.new_password} userInputs={userInputs} />
        <Button type="submit" loading={update.isPending || passwordCheck.checking}>
          {t('password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
